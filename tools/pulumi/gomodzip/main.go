// Command gomodzip writes a Go module, as a tag would publish it, in the layout a module proxy serves
// (`$GOPROXY/<module>/@v/{list,<version>.info,<version>.mod,<version>.zip}`), so that `GOPROXY=file://<out>`
// resolves it as the real proxy would. The zip is made by golang.org/x/mod/zip, the code the go command uses to
// make and check module zips, so it keeps exactly the files a tag's module holds.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

func main() {
	dir := flag.String("dir", "", "the module's folder (its go.mod at the root)")
	path := flag.String("module", "", "the module path")
	version := flag.String("version", "", "the version, v-prefixed")
	out := flag.String("out", "", "the proxy folder to write into")
	stamp := flag.String("time", "2000-01-01T00:00:00Z", "the version's time (RFC 3339), as .info reports it")
	flag.Parse()
	if err := write(*dir, *path, *version, *out, *stamp); err != nil {
		fmt.Fprintln(os.Stderr, "gomodzip:", err)
		os.Exit(1)
	}
}

func write(dir, path, version, out, stamp string) error {
	at, err := time.Parse(time.RFC3339, stamp)
	if err != nil {
		return fmt.Errorf("-time: %w", err)
	}
	mod := module.Version{Path: path, Version: version}
	if err := module.Check(path, version); err != nil {
		return err
	}
	escaped, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	target := filepath.Join(out, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(target, 0o755); err != nil {
		return err
	}
	zipFile, err := os.Create(filepath.Join(target, version+".zip"))
	if err != nil {
		return err
	}
	if err := modzip.CreateFromDir(zipFile, mod, dir); err != nil {
		zipFile.Close()
		return err
	}
	if err := zipFile.Close(); err != nil {
		return err
	}
	goMod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(target, version+".mod"), goMod, 0o644); err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, at.UTC()})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(target, version+".info"), info, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(target, "list"), []byte(version+"\n"), 0o644)
}
