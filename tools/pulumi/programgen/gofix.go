package main

// The corrections to the Go generator's program (pkg/v3 v3.276.0), made on the syntax tree of the main.go it
// writes and driven by the schemas (never by a program's text). Each is what the generator gets wrong for
// every program of that form:
//
//   - a list inside a map of any values (`authConfig = { scopes = ["repo"] }`) is written as the composite
//     literal `pulumi.Any{"repo"}`, and pulumi.Any is a function: it becomes `pulumi.Array{pulumi.Any("repo")}`
//     (each element an input, as the generator writes a map's scalar values);
//   - a property of an invoke's result (`triggers.triggers`) is written as
//     `v.ApplyT(func(v integrations.GetTriggersResult) ([]integrations.Trigger, error) { return
//     v.Triggers.([]integrations.Trigger), nil }).(pulumi.ArrayOutput)`: a type assertion on a field that is
//     not an interface, into an untyped output. It becomes the SDK's accessor, `v.Triggers()`, typed
//     (integrations.TriggerArrayOutput);
//   - a function `getX` of a module that has a resource `X` is named LookupX by the Go SDK (the resource's
//     own GetX reads a resource by id), which the generator finds for a function of a named module but not
//     of `index`: GetX, GetXOutput, GetXArgs, GetXOutputArgs, GetXResult and GetXResultOutput become LookupX...;
//   - a function without inputs is called as `x, err := integrations.GetApps(ctx, map[string]interface{}{},
//     nil)`, an argument the SDK's function does not take, and its plain result (not an output) is exported:
//     it becomes the output form the other languages' programs use, `x := integrations.GetAppsOutput(ctx,
//     nil)`, the `if err != nil` after it dropped and each of its properties read by the result's accessor.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const pulumiImportPath = "github.com/pulumi/pulumi/sdk/v3/go/pulumi"

// goPackageFacts is what the corrections need of a package's schema: its Go import path, the Go names of
// its functions without inputs, and the resources X of the module of a function getX (whose names the Go
// SDK turns to LookupX).
type goPackageFacts struct {
	importPath string
	noInputs   map[string]bool
	lookups    map[string]bool
}

func goFactsOf(specs map[string]schema.PackageSpec) []goPackageFacts {
	var all []goPackageFacts
	for name, spec := range specs {
		facts := goPackageFacts{noInputs: map[string]bool{}, lookups: map[string]bool{}}
		var goInfo struct {
			ImportBasePath string `json:"importBasePath"`
		}
		if raw, ok := spec.Language["go"]; ok {
			_ = json.Unmarshal(raw, &goInfo)
		}
		facts.importPath = goInfo.ImportBasePath
		if facts.importPath == "" {
			facts.importPath = "github.com/pulumi/pulumi-" + name + "/sdk/go/" + name
		}
		resources := map[string]bool{}
		for token := range spec.Resources {
			resources[moduleOf(token)+":"+memberOf(token)] = true
		}
		for token, fn := range spec.Functions {
			member := memberOf(token)
			goName := strings.ToUpper(member[:1]) + member[1:]
			if fn.Inputs == nil || len(fn.Inputs.Properties) == 0 {
				facts.noInputs[goName] = true
			}
			if rest, ok := strings.CutPrefix(goName, "Get"); ok && resources[moduleOf(token)+":"+rest] {
				facts.lookups[rest] = true
			}
		}
		all = append(all, facts)
	}
	return all
}

func memberOf(token string) string { return token[strings.LastIndex(token, ":")+1:] }

func moduleOf(token string) string {
	parts := strings.Split(token, ":")
	if len(parts) < 3 {
		return ""
	}
	return strings.Split(parts[1], "/")[0]
}

// fixGoProgram applies the corrections to main.go's source; a source they do not touch is returned as is.
func fixGoProgram(source []byte, specs map[string]schema.PackageSpec) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "main.go", source, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("the generated Go program does not parse: %w", err)
	}
	pulumiName := importName(file, pulumiImportPath)
	changed := false
	for _, facts := range goFactsOf(specs) {
		pkgName := importName(file, facts.importPath)
		if pkgName == "" {
			continue
		}
		// Before the calls without inputs become outputs: the properties read in an ApplyT of their
		// result become accessors first.
		if fixResultProperties(file, pkgName) {
			changed = true
		}
		if fixNoInputCalls(file, pkgName, facts) {
			changed = true
		}
		if renameLookups(file, pkgName, facts) {
			changed = true
		}
	}
	if pulumiName != "" && fixAnyLists(file, pulumiName) {
		changed = true
	}
	if !changed {
		return source, nil
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, file); err != nil {
		return nil, err
	}
	return format.Source(out.Bytes())
}

// importName is the name the file imports path under, or "" when it does not import it.
func importName(file *ast.File, path string) string {
	for _, spec := range file.Imports {
		if p, _ := strconv.Unquote(spec.Path.Value); p == path {
			if spec.Name != nil {
				return spec.Name.Name
			}
			return path[strings.LastIndex(path, "/")+1:]
		}
	}
	return ""
}

// packageMember is the name `pkg.Name` selects when it is a member of the package imported as pkg.
func packageMember(expr ast.Expr, pkg string) (string, bool) {
	sel, ok := expr.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	if id, ok := sel.X.(*ast.Ident); ok && id.Name == pkg {
		return sel.Sel.Name, true
	}
	return "", false
}

// fixAnyLists: `pulumi.Any{a, b}` becomes `pulumi.Array{pulumi.Any(a), pulumi.Any(b)}`, a literal element
// wrapped (the others are inputs already).
func fixAnyLists(file *ast.File, pulumiName string) bool {
	changed := false
	astutil.Apply(file, nil, func(c *astutil.Cursor) bool {
		lit, ok := c.Node().(*ast.CompositeLit)
		if !ok {
			return true
		}
		if name, ok := packageMember(lit.Type, pulumiName); !ok || name != "Any" {
			return true
		}
		lit.Type = &ast.SelectorExpr{X: ast.NewIdent(pulumiName), Sel: ast.NewIdent("Array")}
		for i, element := range lit.Elts {
			if isPlainLiteral(element) {
				// At the element's position, so that the list keeps its lines.
				lit.Elts[i] = &ast.CallExpr{
					Fun: &ast.SelectorExpr{
						X:   &ast.Ident{Name: pulumiName, NamePos: element.Pos()},
						Sel: ast.NewIdent("Any"),
					},
					Lparen: element.Pos(),
					Args:   []ast.Expr{element},
					Rparen: element.End(),
				}
			}
		}
		changed = true
		return true
	})
	return changed
}

func isPlainLiteral(expr ast.Expr) bool {
	switch e := expr.(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		return e.Name == "true" || e.Name == "false"
	case *ast.UnaryExpr:
		return isPlainLiteral(e.X)
	}
	return false
}

// fixResultProperties: `v.ApplyT(func(r pkg.XResult) (T, error) { return r.P.(T), nil })`, asserted to an
// output type or not, becomes `v.P()`.
func fixResultProperties(file *ast.File, pkg string) bool {
	changed := false
	astutil.Apply(file, nil, func(c *astutil.Cursor) bool {
		expr, ok := c.Node().(ast.Expr)
		if !ok {
			return true
		}
		if _, ok := c.Parent().(*ast.TypeAssertExpr); ok && c.Name() == "X" {
			return true // the assertion around it is replaced with it
		}
		inner := expr
		if assert, ok := expr.(*ast.TypeAssertExpr); ok && assert.Type != nil {
			inner = assert.X
		}
		call, ok := inner.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return true
		}
		apply, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || apply.Sel.Name != "ApplyT" {
			return true
		}
		property, ok := resultProperty(call.Args[0], pkg)
		if !ok {
			return true
		}
		c.Replace(&ast.CallExpr{Fun: &ast.SelectorExpr{X: apply.X, Sel: ast.NewIdent(property)}})
		changed = true
		return true
	})
	return changed
}

// resultProperty is P of `func(r pkg.XResult) (T, error) { return r.P.(T), nil }` (or `return r.P, nil`).
func resultProperty(expr ast.Expr, pkg string) (string, bool) {
	fn, ok := expr.(*ast.FuncLit)
	if !ok || len(fn.Type.Params.List) != 1 || len(fn.Type.Params.List[0].Names) != 1 || len(fn.Body.List) != 1 {
		return "", false
	}
	param := fn.Type.Params.List[0]
	if typeName, ok := packageMember(param.Type, pkg); !ok || !strings.HasSuffix(typeName, "Result") {
		return "", false
	}
	ret, ok := fn.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 2 {
		return "", false
	}
	if id, ok := ret.Results[1].(*ast.Ident); !ok || id.Name != "nil" {
		return "", false
	}
	value := ret.Results[0]
	if assert, ok := value.(*ast.TypeAssertExpr); ok {
		value = assert.X
	}
	sel, ok := value.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	if id, ok := sel.X.(*ast.Ident); !ok || id.Name != param.Names[0].Name {
		return "", false
	}
	return sel.Sel.Name, true
}

// renameLookups: pkg.GetX... becomes pkg.LookupX... for each X of facts.lookups.
func renameLookups(file *ast.File, pkg string, facts goPackageFacts) bool {
	changed := false
	ast.Inspect(file, func(node ast.Node) bool {
		sel, ok := node.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		name, ok := packageMember(sel, pkg)
		if !ok {
			return true
		}
		for x := range facts.lookups {
			rest, ok := strings.CutPrefix(name, "Get"+x)
			if !ok {
				continue
			}
			switch rest {
			case "", "Output", "Args", "OutputArgs", "Result", "ResultOutput":
				sel.Sel = ast.NewIdent("Lookup" + x + rest)
				changed = true
			}
		}
		return true
	})
	return changed
}

// fixNoInputCalls: `v, err := pkg.F(ctx, map[string]interface{}{}, opts)` for a function F without inputs,
// followed by `if err != nil { return err }`, becomes `v := pkg.FOutput(ctx, opts)`; then `v.P` reads `v.P()`.
func fixNoInputCalls(file *ast.File, pkg string, facts goPackageFacts) bool {
	converted := map[string]bool{}
	ast.Inspect(file, func(node ast.Node) bool {
		block, ok := node.(*ast.BlockStmt)
		if !ok {
			return true
		}
		var kept []ast.Stmt
		for i := 0; i < len(block.List); i++ {
			stmt := block.List[i]
			kept = append(kept, stmt)
			assign, ok := stmt.(*ast.AssignStmt)
			if !ok || len(assign.Lhs) != 2 || len(assign.Rhs) != 1 {
				continue
			}
			call, ok := assign.Rhs[0].(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				continue
			}
			name, ok := packageMember(call.Fun, pkg)
			if !ok || !facts.noInputs[name] || !isEmptyMap(call.Args[1]) {
				continue
			}
			result, ok := assign.Lhs[0].(*ast.Ident)
			errVar, okErr := assign.Lhs[1].(*ast.Ident)
			if !ok || !okErr {
				continue
			}
			call.Fun.(*ast.SelectorExpr).Sel = ast.NewIdent(name + "Output")
			call.Args = append([]ast.Expr{call.Args[0]}, call.Args[2:]...)
			assign.Lhs = assign.Lhs[:1]
			if i+1 < len(block.List) && isErrReturn(block.List[i+1], errVar.Name) {
				i++
			}
			converted[result.Name] = true
		}
		block.List = kept
		return true
	})
	if len(converted) == 0 {
		return false
	}
	astutil.Apply(file, nil, func(c *astutil.Cursor) bool {
		sel, ok := c.Node().(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok || !converted[id.Name] {
			return true
		}
		if _, ok := c.Parent().(*ast.CallExpr); ok && c.Name() == "Fun" {
			return true // already a method call
		}
		c.Replace(&ast.CallExpr{Fun: sel})
		return true
	})
	return true
}

func isEmptyMap(expr ast.Expr) bool {
	lit, ok := expr.(*ast.CompositeLit)
	if !ok || len(lit.Elts) != 0 {
		return false
	}
	_, isMap := lit.Type.(*ast.MapType)
	return isMap
}

// isErrReturn is whether stmt is `if err != nil { return err }` of the variable errVar.
func isErrReturn(stmt ast.Stmt, errVar string) bool {
	ifStmt, ok := stmt.(*ast.IfStmt)
	if !ok || ifStmt.Init != nil || ifStmt.Else != nil || len(ifStmt.Body.List) != 1 {
		return false
	}
	cond, ok := ifStmt.Cond.(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ {
		return false
	}
	if x, ok := cond.X.(*ast.Ident); !ok || x.Name != errVar {
		return false
	}
	if y, ok := cond.Y.(*ast.Ident); !ok || y.Name != "nil" {
		return false
	}
	ret, ok := ifStmt.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	id, ok := ret.Results[0].(*ast.Ident)
	return ok && id.Name == errVar
}
