// Command programgen turns a PCL program (`.pp` files) into a Pulumi YAML program, as
// `pulumi convert --language yaml` would through pulumi-language-yaml, without the CLI's schema loader (which
// loads packages through provider plugins).
//
// It calls what that host's GenerateProgram calls at the version this module pins (pulumi-yaml v1.38.1, on
// pkg/v3 v3.276.0):
//
//   - the `.pp` files of -pcl are parsed (hclsyntax) and bound with pcl.BindProgram and the option
//     PreferOutputVersionedInvokes, strictly (without the host's NonStrictBindOptions: a property the schema
//     does not know, or a value of the wrong type, fails here);
//   - the packages the program uses are served by a loader of its own: -schema names each package's schema
//     file, bound as the CLI binds a plugin's schema (AllowDanglingReferences); a program using any other
//     package fails naming it;
//   - codegen.GenerateProgram writes the program, Main.yaml (the file `pulumi convert` writes beside the
//     project's Pulumi.yaml), into <out>/yaml/, which is emptied first. Generator diagnostics that are
//     errors fail (YAML has no loops: a `for` expression is one); warnings are printed;
//   - one correction (see withoutCommentMarkers): a PCL comment's lines after the first keep their `//` in
//     the YAML comment the generator writes; they lose it.
//
// Usage: programgen -pcl <dir> -schema schema.json[,other.json] -out <dir>
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"

	"github.com/pulumi/pulumi-yaml/pkg/pulumiyaml/codegen"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

func main() {
	pclDir := flag.String("pcl", "", "the folder of the PCL program (.pp files)")
	schemas := flag.String("schema", "", "comma-separated package schemas (JSON) the program may use")
	out := flag.String("out", "", "the folder to write the yaml/ folder into")
	flag.Parse()
	if *pclDir == "" || *schemas == "" || *out == "" {
		fail(errors.New("-pcl, -schema and -out are required"))
	}
	specs, err := readSchemas(strings.Split(*schemas, ","))
	if err != nil {
		fail(err)
	}
	dir := filepath.Join(*out, "yaml")
	if err := generate(*pclDir, specs, dir); err != nil {
		fail(fmt.Errorf("yaml: %w", err))
	}
	fmt.Fprintf(os.Stderr, "yaml program written to %s\n", dir)
}

// generate parses and binds the program with a loader of its own and writes the YAML program into dir.
func generate(pclDir string, specs map[string]schema.PackageSpec, dir string) error {
	parser := syntax.NewParser()
	entries, err := os.ReadDir(pclDir)
	if err != nil {
		return err
	}
	for _, entry := range entries {
		if entry.IsDir() || filepath.Ext(entry.Name()) != ".pp" {
			continue
		}
		file, err := os.Open(filepath.Join(pclDir, entry.Name()))
		if err != nil {
			return err
		}
		err = parser.ParseFile(file, entry.Name())
		file.Close()
		if err != nil {
			return err
		}
	}
	if len(parser.Files) == 0 {
		return fmt.Errorf("%s holds no .pp files", pclDir)
	}
	if parser.Diagnostics.HasErrors() {
		return diagnosticsError(parser.Diagnostics)
	}
	absolute, err := filepath.Abs(pclDir)
	if err != nil {
		return err
	}
	program, diags, err := pcl.BindProgram(
		parser.Files, &specLoader{specs: specs, bound: map[string]*schema.Package{}},
		pcl.PreferOutputVersionedInvokes, pcl.DirPath(absolute),
	)
	var bindErrors hcl.Diagnostics
	if errors.As(err, &bindErrors) {
		return diagnosticsError(bindErrors)
	} else if err != nil {
		return err
	}
	printWarnings(diags)
	if diags.HasErrors() {
		return diagnosticsError(diags)
	}
	files, diags, err := codegen.GenerateProgram(program)
	printWarnings(diags)
	if diags.HasErrors() {
		return diagnosticsError(diags)
	}
	if err != nil {
		return err
	}
	for name, source := range files {
		files[name] = withoutCommentMarkers(source)
	}
	return writeFiles(dir, files)
}

// A YAML comment line the generator writes from a line of a PCL comment after the first: it keeps that
// line's `//` (`# // text`).
var commentMarker = regexp.MustCompile(`(?m)^(\s*#) //( ?)`)

// withoutCommentMarkers writes each `# // text` line of a PCL comment as `# text` (and `# //` as `#`).
func withoutCommentMarkers(source []byte) []byte {
	return commentMarker.ReplaceAllFunc(source, func(match []byte) []byte {
		groups := commentMarker.FindSubmatch(match)
		return append(append([]byte{}, groups[1]...), groups[2]...)
	})
}

func writeFiles(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// readSchemas reads each schema file, keyed by the package name it declares.
func readSchemas(paths []string) (map[string]schema.PackageSpec, error) {
	specs := map[string]schema.PackageSpec{}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var spec schema.PackageSpec
		if err := json.Unmarshal(data, &spec); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if spec.Name == "" {
			return nil, fmt.Errorf("%s: the schema has no name", path)
		}
		specs[spec.Name] = spec
	}
	return specs, nil
}

// diagnosticsError is the error diagnostics on one line, each once.
func diagnosticsError(diags hcl.Diagnostics) error {
	var lines []string
	seen := map[string]bool{}
	for _, d := range diags {
		if line := diagnosticLine(d); d.Severity == hcl.DiagError && !seen[line] {
			seen[line] = true
			lines = append(lines, line)
		}
	}
	return errors.New(strings.Join(lines, "; "))
}

// diagnosticLine is where and what, and the detail when it adds to the summary.
func diagnosticLine(d *hcl.Diagnostic) string {
	line := d.Summary
	if d.Detail != "" && d.Detail != d.Summary {
		line += ": " + d.Detail
	}
	if d.Subject != nil {
		line = d.Subject.String() + ": " + line
	}
	return line
}

func printWarnings(diags hcl.Diagnostics) {
	for _, d := range diags {
		if d.Severity == hcl.DiagWarning {
			fmt.Fprintf(os.Stderr, "warning: %s\n", diagnosticLine(d))
		}
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "programgen: %v\n", err)
	os.Exit(1)
}

// specLoader serves the packages of the -schema files, each bound once, as the CLI binds a plugin's schema
// (AllowDanglingReferences). A package it has no schema for fails, naming it; so does a schema that
// references another package.
type specLoader struct {
	specs map[string]schema.PackageSpec
	bound map[string]*schema.Package
}

func (l *specLoader) LoadPackage(name string, version *semver.Version) (*schema.Package, error) {
	return l.load(name, version)
}

func (l *specLoader) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.load(d.Name, d.Version)
}

func (l *specLoader) LoadPackageReference(name string, version *semver.Version) (schema.PackageReference, error) {
	pkg, err := l.load(name, version)
	if err != nil {
		return nil, err
	}
	return pkg.Reference(), nil
}

func (l *specLoader) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, d.Version)
}

func (l *specLoader) load(name string, version *semver.Version) (*schema.Package, error) {
	if pkg, ok := l.bound[name]; ok {
		return pkg, nil
	}
	spec, ok := l.specs[name]
	if !ok {
		return nil, fmt.Errorf("the program uses package %q%s, and no -schema file declares it", name, versionText(version))
	}
	if version != nil && spec.Version != "" && spec.Version != version.String() {
		return nil, fmt.Errorf("the program asks for package %q version %v; its schema is version %s",
			name, version, spec.Version)
	}
	pkg, diags, err := schema.BindSpec(spec, refusingLoader{}, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	printWarnings(diags)
	if diags.HasErrors() {
		return nil, errors.Join(diags.Errs()...)
	}
	l.bound[name] = pkg
	return pkg, nil
}

// refusingLoader is what a schema's own references to other packages meet: nothing.
type refusingLoader struct{}

func (refusingLoader) LoadPackage(name string, version *semver.Version) (*schema.Package, error) {
	return nil, refused(name, version)
}

func (refusingLoader) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, refused(d.Name, d.Version)
}

func (refusingLoader) LoadPackageReference(name string, version *semver.Version) (schema.PackageReference, error) {
	return nil, refused(name, version)
}

func (refusingLoader) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, refused(d.Name, d.Version)
}

func refused(name string, version *semver.Version) error {
	return fmt.Errorf("a schema references package %q%s, and programgen loads no other packages", name, versionText(version))
}

func versionText(version *semver.Version) string {
	if version == nil {
		return ""
	}
	return " v" + version.String()
}
