package main

// The corrections to the Java generator's program (pulumi-java v1.16.0), driven by the schemas. The generator
// gets two forms wrong for every program:
//
//   - a function without inputs: it writes the arguments of the function's input type, which it has not got,
//     and panics. Such a function is given an empty input type of a name no package has (noInputsType) before
//     generating, and its builder, `NoInputs__Args.builder().build()`, is taken out of the call afterwards:
//     `IntegrationsFunctions.getApps()`, the SDK's form without arguments;
//   - an enum input of a resource given a literal (`onDelete = "restore"`) is written as the string, which
//     the SDK's builder does not take. The literal becomes a marker naming the SDK's enum constant before
//     generating, and the marker the constant afterwards (`IntegrationStateOnDelete.Restore`, the enum
//     class imported);
//   - a list where the generator has a type to write it as (a property, an argument) is written as its bare
//     elements, which fits a builder's varargs but not a value inside a map of any values
//     (`Map.entry("scopes", "repo", "read:org")`): such a list gets markers as its first and last elements
//     before generating, and becomes `List.of(...)` afterwards;
//   - an invoke's list argument holding outputs (`integrationIds = [github.id]`) is written as the output
//     (`.integrationIds(github.id())`), which no builder method takes: it becomes one output of the list,
//     `github.id().applyValue(githubId -> List.of(githubId))`, as the Python program's is;
//   - a config variable without a default is read with `config.get("key")`, an Optional, whatever its
//     secrecy: one of type string becomes `config.require("key")`, or `config.requireSecret("key")` (an
//     Output) when the program declares it secret, as the other languages' generators write it.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	java "github.com/pulumi/pulumi-java/pkg/codegen/java"
	"github.com/pulumi/pulumi-java/pkg/codegen/java/names"
	"github.com/pulumi/pulumi/pkg/v3/codegen"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/model"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/zclconf/go-cty/cty"
)

// noInputsType names the input type given to a function without inputs; the generator writes its builder
// as `NoInputs__Args.builder()`.
const noInputsType = "pulumi:programgen:NoInputs__"

var (
	noInputsBuilder = regexp.MustCompile(`NoInputs__Args\.builder\(\)\s*\.build\(\)`)
	noInputsImport  = regexp.MustCompile(`(?m)^import [\w.]*\.NoInputs__Args;\n`)
)

// enumMarker is the string an enum literal becomes: the enum class's Java name and the constant.
const enumMarker = "__programgen_enum__:"

var enumMarkerLiteral = regexp.MustCompile(`"` + enumMarker + `([\w.]+)\.(\w+)"`)

// giveEmptyInputs gives each function without inputs of the bound packages an empty input type.
func giveEmptyInputs(packages map[string]*schema.Package) {
	for _, pkg := range packages {
		for _, fn := range pkg.Functions {
			if fn.Inputs == nil {
				plain := &schema.ObjectType{Token: noInputsType}
				input := &schema.ObjectType{Token: noInputsType, PlainShape: plain}
				plain.InputShape = input
				fn.Inputs = plain
			}
		}
	}
}

// markEnumLiterals replaces each string literal given to an enum input of a resource with the marker of
// the enum's constant of that value (a value the enum does not have is left to fail the compile).
func markEnumLiterals(program *pcl.Program, specs map[string]schema.PackageSpec) error {
	for _, node := range program.Nodes {
		resource, ok := node.(*pcl.Resource)
		if !ok || resource.Schema == nil {
			continue
		}
		for _, attr := range resource.Inputs {
			var property *schema.Property
			for _, p := range resource.Schema.InputProperties {
				if p.Name == attr.Name {
					property = p
				}
			}
			if property == nil {
				continue
			}
			enum, ok := codegen.UnwrapType(property.Type).(*schema.EnumType)
			if !ok {
				continue
			}
			literal := stringLiteral(attr.Value)
			if literal == nil {
				continue
			}
			marker, err := enumConstant(enum, literal.Value.AsString(), specs)
			if err != nil {
				return err
			}
			if marker != "" {
				literal.Value = cty.StringVal(enumMarker + marker)
			}
		}
	}
	return nil
}

// stringLiteral is the string literal expr is, or converts.
func stringLiteral(expr model.Expression) *model.LiteralValueExpression {
	switch e := expr.(type) {
	case *model.LiteralValueExpression:
		if e.Value.Type() == cty.String {
			return e
		}
	case *model.TemplateExpression:
		if len(e.Parts) == 1 {
			return stringLiteral(e.Parts[0])
		}
	case *model.FunctionCallExpression:
		if e.Name == pcl.IntrinsicConvert && len(e.Args) == 1 {
			return stringLiteral(e.Args[0])
		}
	}
	return nil
}

// enumConstant is `<java package>.<Enum>.<Constant>` of the enum's element of that value, or "" for none.
func enumConstant(enum *schema.EnumType, value string, specs map[string]schema.PackageSpec) (string, error) {
	parts := strings.Split(enum.Token, ":")
	if len(parts) != 3 {
		return "", nil
	}
	className := names.Title(parts[2])
	for _, element := range enum.Elements {
		if fmt.Sprint(element.Value) != value {
			continue
		}
		name := element.Name
		if name == "" {
			name = value
		}
		constant, err := names.MakeSafeEnumName(name, className)
		if err != nil {
			return "", err
		}
		return enumsPackage(parts[0], parts[1], specs) + "." + className + "." + constant, nil
	}
	return "", nil
}

// enumsPackage is the Java package of a package's enums of a module: <basePackage><name>[.<module>].enums.
func enumsPackage(pkgName, module string, specs map[string]schema.PackageSpec) string {
	var info java.PackageInfo
	if raw, ok := specs[pkgName].Language["java"]; ok {
		_ = json.Unmarshal(raw, &info)
	}
	javaPackage := info.BasePackageOrDefault() + pkgName
	if module = strings.Split(module, "/")[0]; module != "" && module != "index" {
		javaPackage += "." + strings.ToLower(module)
	}
	return javaPackage + ".enums"
}

// withJavaCorrections takes the empty builders out of the calls of functions without inputs and writes
// each enum marker as its constant, importing the enum classes after the program's other imports of the
// packages' classes.
func withJavaCorrections(source []byte) []byte {
	source = noInputsBuilder.ReplaceAll(source, nil)
	source = noInputsImport.ReplaceAll(source, nil)
	imports := map[string]bool{}
	source = enumMarkerLiteral.ReplaceAllFunc(source, func(match []byte) []byte {
		groups := enumMarkerLiteral.FindSubmatch(match)
		class := string(groups[1])
		imports[class] = true
		return []byte(class[strings.LastIndex(class, ".")+1:] + "." + string(groups[2]))
	})
	if len(imports) == 0 {
		return source
	}
	classes := make([]string, 0, len(imports))
	for class := range imports {
		classes = append(classes, "import "+class+";")
	}
	sort.Strings(classes)
	lines := bytes.Split(source, []byte("\n"))
	at := 0
	for i, line := range lines {
		if bytes.HasPrefix(line, []byte("import ")) && !bytes.HasPrefix(line, []byte("import java.")) {
			at = i + 1
		}
	}
	var out [][]byte
	out = append(out, lines[:at]...)
	for _, class := range classes {
		out = append(out, []byte(class))
	}
	out = append(out, lines[at:]...)
	return bytes.Join(out, []byte("\n"))
}

// requiredConfig is, for each config variable of type string without a default, whether it is secret.
func requiredConfig(program *pcl.Program) map[string]bool {
	required := map[string]bool{}
	for _, node := range program.Nodes {
		config, ok := node.(*pcl.ConfigVariable)
		if !ok || config.DefaultValue != nil || config.Nullable || model.ResolveOutputs(config.Type()) != model.StringType {
			continue
		}
		secret := false
		if block, ok := config.SyntaxNode().(*hclsyntax.Block); ok {
			if attr, ok := block.Body.Attributes["secret"]; ok {
				if value, diags := attr.Expr.Value(nil); !diags.HasErrors() && value.Type() == cty.Bool {
					secret = value.True()
				}
			}
		}
		required[config.Name()] = secret
	}
	return required
}

// withRequiredConfig writes `config.get("key")` of each required config variable as `config.require("key")`
// or `config.requireSecret("key")`.
func withRequiredConfig(source []byte, required map[string]bool) []byte {
	for name, secret := range required {
		method := "require"
		if secret {
			method = "requireSecret"
		}
		quoted := strconv.Quote(name)
		source = bytes.ReplaceAll(source,
			[]byte(" = config.get("+quoted+");"), []byte(" = config."+method+"("+quoted+");"))
	}
	return source
}

// The markers of a list to be written as `List.of(...)`.
const (
	listOpen  = "__programgen_list_open__"
	listClose = "__programgen_list_close__"
)

var (
	listOpenText  = regexp.MustCompile(`"` + listOpen + `",\s*`)
	listCloseText = regexp.MustCompile(`,?\s*"` + listClose + `"`)
)

// markList makes the list's first and last elements the markers.
func markList(list *model.TupleConsExpression) {
	elements := []model.Expression{stringValue(listOpen)}
	elements = append(elements, list.Expressions...)
	list.Expressions = append(elements, stringValue(listClose))
}

func stringValue(text string) *model.LiteralValueExpression {
	return &model.LiteralValueExpression{Value: cty.StringVal(text)}
}

// markListsInAny marks each list inside the value of a resource input whose type is a map of any values
// (or any), at any depth of its objects and lists.
func markListsInAny(program *pcl.Program) {
	for _, node := range program.Nodes {
		resource, ok := node.(*pcl.Resource)
		if !ok || resource.Schema == nil {
			continue
		}
		for _, attr := range resource.Inputs {
			for _, p := range resource.Schema.InputProperties {
				if p.Name == attr.Name && holdsAny(codegen.UnwrapType(p.Type)) {
					markListsIn(attr.Value, false)
				}
			}
		}
	}
}

func holdsAny(t schema.Type) bool {
	if t == schema.AnyType {
		return true
	}
	if m, ok := t.(*schema.MapType); ok {
		return codegen.UnwrapType(m.ElementType) == schema.AnyType
	}
	return false
}

// markListsIn marks the lists in expr (expr itself too when mark is set).
func markListsIn(expr model.Expression, mark bool) {
	switch e := expr.(type) {
	case *model.ObjectConsExpression:
		for _, item := range e.Items {
			markListsIn(item.Value, true)
		}
	case *model.TupleConsExpression:
		for _, element := range e.Expressions {
			markListsIn(element, true)
		}
		if mark {
			markList(e)
		}
	case *model.FunctionCallExpression:
		if e.Name == pcl.IntrinsicConvert && len(e.Args) == 1 {
			markListsIn(e.Args[0], mark)
		}
	}
}

// liftInvokeListArguments rewrites each list argument of an invoke that holds outputs into one output of
// the list, its body a marked list.
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
	markList(body)
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

// withLists writes each marked list as `List.of(...)`.
func withLists(source []byte) []byte {
	source = listOpenText.ReplaceAll(source, []byte("List.of("))
	return listCloseText.ReplaceAll(source, []byte(")"))
}
