// Command sdkgen writes the Node.js, Python and Go SDKs of a Pulumi package schema, as
// `pulumi package gen-sdk <schema.json> --language <lang> --out <dir>` would, without the language hosts
// that command runs the generators in (the Go module proxy here refuses pulumi-language-*).
//
// It calls what those hosts call at the pinned pkg/v3 version, with the arguments the CLI gives them:
//
//   - the schema is bound once as the CLI binds it (schema.BindSpec with AllowDanglingReferences, errors
//     fail), --version overrides its version, and it is marshalled again;
//   - each language host binds that JSON afresh (the generators record their language options in the
//     package, so no two languages share one bound package) and calls
//     nodejs.GeneratePackage("pulumi-language-nodejs", pkg, extraFiles, localDependencies, local, loader),
//     python.GeneratePackage("pulumi-language-python", pkg, extraFiles, loader) or
//     gogen.GeneratePackage("pulumi-language-go", pkg, localDependencies), with no overlays (extraFiles
//     empty), no local dependencies (nil) and local false: gen-sdk's defaults;
//   - the Node.js SDK leaves out the generator's `exists` methods, so that it works on Node.js 20
//     (node_exists.go);
//   - the files go to <out>/<language>/, which is emptied first.
//
// The names come from the schema, not from flags. For this project's SDKs it must set:
//
//	"meta": {"supportPack": true}: the SDKs carry the schema's version (package.json, pyproject.toml,
//	    pulumi-plugin.json) and the Go SDK gets its own go.mod, module path.Dir(importBasePath);
//	"language": {
//	  "nodejs": {"packageName": "@pulumi-integrations/sdk"},
//	  "python": {"packageName": "pulumi_integrations", "pyproject": {"enabled": true}}:
//	      the module folder and the project name, which pip normalises to the distribution
//	      pulumi-integrations (a "-" here would name an unimportable folder);
//	  "go": {"importBasePath": "github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"}:
//	      the package path; the module is .../sdk/go, so sdk/go/go.mod is what a replace points at.
//	}
//
// The generators take a resource's replaceOnChanges from its output "properties", not "inputProperties".
//
// Usage: sdkgen -schema schema.json -out sdk [-language nodejs,python,go] [-version 1.2.3]
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON)")
	out := flag.String("out", "sdk", "the folder to write <language>/ folders into")
	languages := flag.String("language", "nodejs,python,go", "comma-separated: nodejs, python, go")
	version := flag.String("version", "", "overrides the schema's version, as gen-sdk's --version does")
	flag.Parse()
	if *schemaPath == "" {
		fail(errors.New("-schema is required"))
	}
	requested := strings.Split(*languages, ",")
	for _, language := range requested {
		if language != "nodejs" && language != "python" && language != "go" {
			fail(fmt.Errorf("unknown language %q (expected nodejs, python or go)", language))
		}
	}
	spec, err := boundSpec(*schemaPath, *version)
	if err != nil {
		fail(err)
	}
	for _, language := range requested {
		dir := filepath.Join(*out, language)
		if err := generate(language, spec, dir); err != nil {
			fail(fmt.Errorf("%s: %w", language, err))
		}
		fmt.Fprintf(os.Stderr, "%s SDK written to %s\n", language, dir)
	}
}

// boundSpec reads and binds the schema as the CLI does before handing it to a language host, and returns
// the JSON it would hand over.
func boundSpec(path, version string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	pkg, err := bind(spec)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if version != "" {
		v, err := semver.Parse(version)
		if err != nil {
			return nil, fmt.Errorf("invalid version %q: %w", version, err)
		}
		pkg.Version = &v
	}
	return pkg.MarshalJSON()
}

// generate binds the spec afresh, as each language host does, and writes that language's files into dir.
func generate(language string, specJSON []byte, dir string) error {
	var spec schema.PackageSpec
	if err := json.Unmarshal(specJSON, &spec); err != nil {
		return err
	}
	pkg, err := bind(spec)
	if err != nil {
		return err
	}
	var files map[string][]byte
	switch language {
	case "nodejs":
		files, err = nodejs.GeneratePackage("pulumi-language-nodejs", pkg, map[string][]byte{}, nil, false, loader)
		if err == nil {
			err = withoutNodeExistsMethods(files)
		}
	case "python":
		files, err = python.GeneratePackage("pulumi-language-python", pkg, map[string][]byte{}, loader)
	case "go":
		files, err = gogen.GeneratePackage("pulumi-language-go", pkg, nil)
	default:
		return errors.New("unknown language")
	}
	if err != nil {
		return err
	}
	return writeFiles(dir, files)
}

// bind binds with the options the CLI and the language hosts use; warnings are printed, errors fail.
func bind(spec schema.PackageSpec) (*schema.Package, error) {
	pkg, diags, err := schema.BindSpec(spec, loader, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	printWarnings(diags)
	if diags.HasErrors() {
		return nil, errors.Join(diags.Errs()...)
	}
	return pkg, nil
}

func writeFiles(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, name)
		// The language hosts write 0700/0600; these files are checked in, so the usual modes.
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

func printWarnings(diags hcl.Diagnostics) {
	for _, d := range diags {
		if d.Severity == hcl.DiagWarning {
			fmt.Fprintf(os.Stderr, "warning: %s\n", d.Error())
		}
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "sdkgen: %v\n", err)
	os.Exit(1)
}

// loader serves the schemas of the packages a schema depends on. The CLI loads them through provider
// plugins; this tool runs offline with no plugins, so a schema that references another package
// (dependencies, or "/pulumi/v3.x/schema.json#/..." refs) fails with a message naming it.
var loader schema.ReferenceLoader = offlineLoader{}

type offlineLoader struct{}

func (offlineLoader) LoadPackage(name string, version *semver.Version) (*schema.Package, error) {
	return nil, refused(name, version)
}

func (offlineLoader) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, refused(d.Name, d.Version)
}

func (offlineLoader) LoadPackageReference(name string, version *semver.Version) (schema.PackageReference, error) {
	return nil, refused(name, version)
}

func (offlineLoader) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, refused(d.Name, d.Version)
}

func refused(name string, version *semver.Version) error {
	return fmt.Errorf("the schema references package %q (version %v), and sdkgen loads no other packages", name, version)
}
