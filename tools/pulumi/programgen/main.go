// Command programgen turns a PCL program (the `.pp` files `pulumi convert --language pcl` writes) into a
// TypeScript, Python or Go program, as `pulumi convert --language <lang>` would, without the language hosts
// that command runs the generators in (the Go module proxy here refuses pulumi-language-nodejs, -python and
// -go).
//
// It calls what those hosts' GenerateProgram calls at the pinned v3.276.0:
//
//   - the `.pp` files of -pcl are parsed (hclsyntax) and bound with pcl.BindProgram and the option
//     PreferOutputVersionedInvokes, strictly (no NonStrictBindOptions: a property the schema does not know,
//     or a value of the wrong type, fails here rather than in the generated program);
//   - the packages the program uses are served by a loader of its own instead of the CLI's, which loads them
//     through provider plugins: -schema names each package's schema file; a program using any other package
//     fails naming it. Each language binds the program afresh, with a package bound afresh (the generators
//     record their language options in the bound package);
//   - nodejs.GenerateProgram, python.GenerateProgram or gogen.GenerateProgram writes the program's files
//     (index.ts, __main__.py, main.go) into <out>/<language>/, which is emptied first. Generator
//     diagnostics that are errors fail; warnings are printed;
//   - one rewrite, for Python only, before generating (see liftInvokeListArguments): an invoke's list
//     argument holding outputs becomes one output of the list, which the Python SDK's types require.
//   - for Go, corrections made on the syntax tree of the program it writes (see gofix.go): a list inside a
//     map of any values, a property of an invoke's result, a function the Go SDK names LookupX, a function
//     without inputs.
//
// Usage: programgen -pcl <dir> -schema schema.json[,other.json] -out <dir> [-language typescript,python,go]
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
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/model"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// The languages, named as `pulumi convert --language` names them.
var generators = map[string]func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error){
	"typescript": nodejs.GenerateProgram,
	"python":     python.GenerateProgram,
	"go":         gogen.GenerateProgram,
}

func main() {
	pclDir := flag.String("pcl", "", "the folder of the PCL program (.pp files)")
	schemas := flag.String("schema", "", "comma-separated package schemas (JSON) the program may use")
	out := flag.String("out", "", "the folder to write <language>/ folders into")
	languages := flag.String("language", "typescript,python,go", "comma-separated: typescript, python, go")
	flag.Parse()
	if *pclDir == "" || *schemas == "" || *out == "" {
		fail(errors.New("-pcl, -schema and -out are required"))
	}
	requested := strings.Split(*languages, ",")
	for _, language := range requested {
		if generators[language] == nil {
			fail(fmt.Errorf("unknown language %q (expected typescript, python or go)", language))
		}
	}
	specs, err := readSchemas(strings.Split(*schemas, ","))
	if err != nil {
		fail(err)
	}
	for _, language := range requested {
		dir := filepath.Join(*out, language)
		if err := generate(language, *pclDir, specs, dir); err != nil {
			fail(fmt.Errorf("%s: %w", language, err))
		}
		fmt.Fprintf(os.Stderr, "%s program written to %s\n", language, dir)
	}
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

// generate parses and binds the program with a loader of its own and writes the language's files into dir.
func generate(language, pclDir string, specs map[string]schema.PackageSpec, dir string) error {
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
	if language == "python" {
		lifted := liftInvokeListArguments(program)
		printWarnings(lifted)
		if lifted.HasErrors() {
			return diagnosticsError(lifted)
		}
	}
	files, diags, err := generators[language](program)
	if err != nil {
		return err
	}
	printWarnings(diags)
	if diags.HasErrors() {
		return diagnosticsError(diags)
	}
	if language == "go" {
		fixed, err := fixGoProgram(files["main.go"], specs)
		if err != nil {
			return err
		}
		files["main.go"] = fixed
	}
	return writeFiles(dir, files)
}

// liftInvokeListArguments rewrites each list argument of an invoke that is written with outputs among its
// elements (`integrationIds = [github.id]`) into one output of the list (in Python
// `github.id.apply(lambda id: [id])`). The Python SDK's output form of a function types a list argument as
// pulumi.Input[Sequence[str]]: the list may be an output, its elements may not, and pyright holds a program
// to that (the Python runtime accepts both). The other languages' SDKs accept either form, so only the
// Python program is rewritten.
func liftInvokeListArguments(program *pcl.Program) hcl.Diagnostics {
	var diags hcl.Diagnostics
	lift := func(expr model.Expression) (model.Expression, hcl.Diagnostics) {
		call, ok := expr.(*model.FunctionCallExpression)
		if !ok || call.Name != pcl.Invoke || len(call.Args) < 2 {
			return expr, nil
		}
		args, ok := call.Args[1].(*model.ObjectConsExpression)
		if !ok {
			return expr, nil
		}
		for i, item := range args.Items {
			if list, ok := item.Value.(*model.TupleConsExpression); ok && model.ContainsOutputs(list.Type()) {
				lifted, liftDiags := liftList(list)
				diags = append(diags, liftDiags...)
				args.Items[i].Value = lifted
			}
		}
		return expr, nil
	}
	for _, node := range program.Nodes {
		diags = append(diags, node.VisitExpressions(nil, lift)...)
	}
	return diags
}

// parameterName names the parameter an element of a lifted list becomes after the element (`github.id`:
// githubId; anything else: value), with its position appended when an earlier one has that name.
func parameterName(element model.Expression, i int, taken map[string]bool) string {
	name := "value"
	if traversal, ok := element.(*model.ScopeTraversalExpression); ok && len(traversal.Traversal) > 1 {
		if attr, ok := traversal.Traversal[len(traversal.Traversal)-1].(hcl.TraverseAttr); ok {
			name = traversal.RootName + strings.ToUpper(attr.Name[:1]) + attr.Name[1:]
		}
	}
	if taken[name] {
		name = fmt.Sprintf("%s%d", name, i)
	}
	taken[name] = true
	return name
}

// liftList turns `[a, b.id, "c"]`, some elements outputs, into `__apply(a, b.id, (v0, v1) => [v0, v1, "c"])`.
func liftList(list *model.TupleConsExpression) (model.Expression, hcl.Diagnostics) {
	var outputs []model.Expression
	var params []*model.Variable
	taken := map[string]bool{}
	elements := make([]model.Expression, len(list.Expressions))
	for i, element := range list.Expressions {
		if !model.ContainsOutputs(element.Type()) {
			elements[i] = element
			continue
		}
		param := &model.Variable{
			Name:         parameterName(element, len(params), taken),
			VariableType: model.ResolveOutputs(element.Type()),
		}
		outputs = append(outputs, element)
		params = append(params, param)
		elements[i] = model.VariableReference(param)
	}
	body := &model.TupleConsExpression{Syntax: list.Syntax, Tokens: list.Tokens, Expressions: elements}
	diags := body.Typecheck(false)
	then := &model.AnonymousFunctionExpression{
		Signature:  model.StaticFunctionSignature{ReturnType: body.Type()},
		Parameters: params,
		Body:       body,
	}
	for _, param := range params {
		then.Signature.Parameters = append(then.Signature.Parameters,
			model.Parameter{Name: param.Name, Type: param.VariableType})
	}
	return pcl.NewApplyCall(outputs, then), diags
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
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
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

// diagnosticLine is where and what, and the detail when it adds to the summary (the binder often repeats it).
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

// specLoader serves the packages of the -schema files, each bound once per loader (one loader per
// language), as the CLI binds a plugin's schema (AllowDanglingReferences). A package it has no schema for
// fails, naming it; so does a schema that references another package.
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
