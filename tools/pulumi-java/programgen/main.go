// Command programgen turns a PCL program (`.pp` files) into a Java program, as `pulumi convert --language java`
// would through pulumi-language-java, without the CLI's schema loader (which loads packages through provider
// plugins).
//
// It calls what that host's GenerateProgram calls at the version this module pins (pulumi-java v1.16.0, on
// pkg/v3 v3.182.0; tools/pulumi's programgen runs the other languages' generators at v3.276.0):
//
//   - the `.pp` files of -pcl are parsed (hclsyntax) and bound with this module's pcl.BindProgram and the
//     option PreferOutputVersionedInvokes, strictly, as the host binds them;
//   - the packages the program uses are served by a loader of its own: -schema names each package's schema
//     file, bound as the CLI binds a plugin's schema (AllowDanglingReferences); a program using any other
//     package fails naming it. The Java names come from the schema's language.java section (basePackage);
//   - java.GenerateProgram writes the program (class App of package generated_program) into <out>/java/,
//     which is emptied first, as App.java: the name `pulumi convert` gives the generator's MyStack.java.
//     Generator diagnostics that are errors fail, and so do those it reports as warnings but writes as a
//     placeholder ("not yet implemented": a `for` expression, ...) and an expression it panicked on while
//     writing (the text `%!v(PANIC=`, as for the arguments of a function without inputs before the correction
//     below); other warnings are printed;
//   - the corrections of javafix.go: a function without inputs (the generator panics on it), an enum
//     input given a literal (written as a string), a list inside a map of any (bare elements), an invoke's
//     list argument holding outputs, and a required config variable (read as an Optional);
//   - one more correction (see withBasePackages): the generator names a package's Java package
//     `com.pulumi.<name>` for its functions and their argument types, whatever the schema's
//     language.java.basePackage says, which it honours for resources only; the program gets the package's
//     own Java package there too.
//
// Usage: programgen -pcl <dir> -schema schema.json[,other.json] -out <dir>
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"

	java "github.com/pulumi/pulumi-java/pkg/codegen/java"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

func main() {
	pclDir := flag.String("pcl", "", "the folder of the PCL program (.pp files)")
	schemas := flag.String("schema", "", "comma-separated package schemas (JSON) the program may use")
	out := flag.String("out", "", "the folder to write the java/ folder into")
	flag.Parse()
	if *pclDir == "" || *schemas == "" || *out == "" {
		fail(errors.New("-pcl, -schema and -out are required"))
	}
	specs, err := readSchemas(strings.Split(*schemas, ","))
	if err != nil {
		fail(err)
	}
	dir := filepath.Join(*out, "java")
	if err := generate(*pclDir, specs, dir); err != nil {
		fail(fmt.Errorf("java: %w", err))
	}
	fmt.Fprintf(os.Stderr, "java program written to %s\n", dir)
}

// generate parses and binds the program with a loader of its own and writes the Java program into dir.
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
	loader := &specLoader{specs: specs, bound: map[string]*schema.Package{}}
	program, diags, err := pcl.BindProgram(
		parser.Files, pcl.Loader(loader),
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
	giveEmptyInputs(loader.bound)
	markListsInAny(program)
	if lifted := liftInvokeListArguments(program); lifted.HasErrors() {
		return diagnosticsError(lifted)
	}
	if err := markEnumLiterals(program, specs); err != nil {
		return err
	}
	files, diags, err := java.GenerateProgram(program)
	if err != nil {
		return err
	}
	printWarnings(diags)
	if placeholders := notImplemented(diags); diags.HasErrors() || len(placeholders) > 0 {
		return diagnosticsError(append(diags, placeholders...))
	}
	source, ok := files["MyStack.java"]
	if !ok || len(files) != 1 {
		return fmt.Errorf("the generator wrote %d files, not MyStack.java alone", len(files))
	}
	if at := bytes.Index(source, []byte("%!v(PANIC=")); at >= 0 {
		end := bytes.IndexByte(source[at:], '\n')
		if end < 0 {
			end = len(source) - at
		}
		return fmt.Errorf("the generator panicked writing an expression: %s", source[at:at+end])
	}
	return writeFiles(dir, map[string][]byte{"App.java": withRequiredConfig(withLists(withJavaCorrections(withBasePackages(source, specs))), requiredConfig(program))})
}

// notImplemented is the warnings the generator gives where it writes a placeholder instead of code, as errors.
func notImplemented(diags hcl.Diagnostics) hcl.Diagnostics {
	var errs hcl.Diagnostics
	for _, d := range diags {
		if d.Severity == hcl.DiagWarning && strings.HasPrefix(d.Summary, "not yet implemented") {
			copied := *d
			copied.Severity = hcl.DiagError
			errs = append(errs, &copied)
		}
	}
	return errs
}

// withBasePackages replaces `com.pulumi.<name>.` with `<basePackage><name>.` for each package whose schema sets
// language.java.basePackage (the Java package of its SDK is <basePackage>.<name>): where the generator wrote a
// function's class or an argument type of the package under the default base package.
func withBasePackages(source []byte, specs map[string]schema.PackageSpec) []byte {
	for name, spec := range specs {
		var info java.PackageInfo
		if raw, ok := spec.Language["java"]; !ok || json.Unmarshal(raw, &info) != nil || info.BasePackage == "" {
			continue
		}
		base := info.BasePackageOrDefault()
		source = bytes.ReplaceAll(source, []byte("com.pulumi."+name+"."), []byte(base+name+"."))
	}
	return source
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
