// Command sdkgen writes the Java SDK of a Pulumi package schema, as
// `pulumi package gen-sdk <schema.json> --language java --out <dir>` would through pulumi-language-java, with
// a Maven pom.xml of the project's instead of the Gradle files the generator writes by default.
//
// It calls what pulumi-language-java v1.16.0's GeneratePackage calls (this module pins it, at the pkg/v3
// v3.182.0 it was built with; tools/pulumi's generator runs the other languages' at v3.276.0):
//
//   - the schema is bound once as the CLI binds it before handing it to a language host (schema.BindSpec with
//     AllowDanglingReferences, errors fail), -version overrides its version, and it is marshalled again;
//   - the host's steps on that JSON: java.DeduplicateTypes, schema.BindSpec afresh, then
//     java.GeneratePackage("pulumi-language-java", pkg, extraFiles, localDependencies, local, false) with no
//     local dependencies (nil) and local false: gen-sdk's defaults. extraFiles (the host's overlays) carries
//     pom.xml and .gitignore, below;
//   - the files go to <out>/java/, which is emptied first.
//
// The names come from the schema's "language.java" section, not from flags. For this project's SDK it must set:
//
//	"basePackage": "io.github.pulumiintegrations": the Java package is <basePackage>.<schema name>;
//	"buildFiles": "none": no Gradle files (Gradle cannot be had here; the project builds with Maven). With
//	    build files off the generator writes src/main/resources/<package path>/version.txt itself, which the
//	    SDK reads its version from;
//	"dependencies": {"com.pulumi:pulumi": ..., ...}: what the generated code compiles against. The generator
//	    adds gson and jsr305 when they are missing, as its Gradle file would; the SDK's pom.xml lists them all.
//
// pom.xml is pom.xml.tmpl filled with the schema's version, description, license and homepage and those
// dependencies; its groupId and artifactId are the project's Maven names (io.github.pulumi-integrations,
// integrations). .gitignore keeps Maven's target/ out of the checked-in SDK.
//
// Usage: sdkgen -schema schema.json -out sdk [-version 1.2.3]
package main

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"

	java "github.com/pulumi/pulumi-java/pkg/codegen/java"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

//go:embed pom.xml.tmpl
var pomTemplateText string

var pomTemplate = template.Must(template.New("pom.xml").Parse(pomTemplateText))

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON)")
	out := flag.String("out", "sdk", "the folder to write the java/ folder into")
	version := flag.String("version", "", "overrides the schema's version, as gen-sdk's --version does")
	flag.Parse()
	if *schemaPath == "" {
		fail(errors.New("-schema is required"))
	}
	spec, err := boundSpec(*schemaPath, *version)
	if err != nil {
		fail(err)
	}
	dir := filepath.Join(*out, "java")
	if err := generate(spec, dir); err != nil {
		fail(fmt.Errorf("java: %w", err))
	}
	fmt.Fprintf(os.Stderr, "java SDK written to %s\n", dir)
}

// boundSpec reads and binds the schema as the CLI does before handing it to a language host, and returns the
// JSON it would hand over.
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

// generate does what pulumi-language-java's GeneratePackage does with the JSON, and writes the files into dir.
func generate(specJSON []byte, dir string) error {
	var spec schema.PackageSpec
	if err := json.Unmarshal(specJSON, &spec); err != nil {
		return err
	}
	deduped, diags, err := java.DeduplicateTypes(&spec)
	if err != nil {
		return err
	}
	printWarnings(diags)
	if diags.HasErrors() {
		return errors.Join(diags.Errs()...)
	}
	if err := requireMavenSettings(deduped); err != nil {
		return err
	}
	pkg, err := bind(*deduped)
	if err != nil {
		return err
	}
	files, err := java.GeneratePackage("pulumi-language-java", pkg, map[string][]byte{}, nil, false, false)
	if err != nil {
		return err
	}
	// GeneratePackage records the package's Java settings, defaults applied, in the package.
	info, ok := pkg.Language["java"].(*java.PackageInfo)
	if !ok {
		return fmt.Errorf("the generator recorded no Java settings (found %T)", pkg.Language["java"])
	}
	pom, err := pomXML(pkg, info)
	if err != nil {
		return err
	}
	files["pom.xml"] = pom
	files[".gitignore"] = []byte("# Maven's build output (mvn package / install)\ntarget/\n")
	return writeFiles(dir, files)
}

// requireMavenSettings fails when the schema would make the generator write Gradle files instead of the
// version.txt that a Maven build needs.
func requireMavenSettings(spec *schema.PackageSpec) error {
	var info java.PackageInfo
	if raw, ok := spec.Language["java"]; ok {
		if err := json.Unmarshal(raw, &info); err != nil {
			return fmt.Errorf("the schema's language.java: %w", err)
		}
	}
	if info.BuildFiles != "none" {
		return fmt.Errorf(`the schema's language.java.buildFiles is %q: set it to "none" (the SDK builds with `+
			`its pom.xml, not Gradle)`, info.BuildFiles)
	}
	return nil
}

type pomDependency struct{ GroupID, ArtifactID, Version string }

func pomXML(pkg *schema.Package, info *java.PackageInfo) ([]byte, error) {
	if pkg.Version == nil {
		return nil, errors.New("the schema has no version, which the SDK's pom.xml needs")
	}
	keys := make([]string, 0, len(info.Dependencies))
	for key := range info.Dependencies {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	dependencies := make([]pomDependency, 0, len(keys))
	for _, key := range keys {
		parts := strings.SplitN(key, ":", 2)
		if len(parts) != 2 || parts[0] == "" || parts[1] == "" {
			return nil, fmt.Errorf("language.java.dependencies: %q is not groupId:artifactId", key)
		}
		dependencies = append(dependencies, pomDependency{parts[0], parts[1], info.Dependencies[key]})
	}
	var out bytes.Buffer
	err := pomTemplate.Execute(&out, map[string]any{
		"Name":         pkg.Name,
		"Version":      pkg.Version.String(),
		"Description":  pkg.Description,
		"Homepage":     pkg.Homepage,
		"License":      pkg.License,
		"Dependencies": dependencies,
	})
	return out.Bytes(), err
}

// bind binds with the options the CLI and the language host use; warnings are printed, errors fail.
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
		// The language host writes 0700/0600; these files are checked in, so the usual modes.
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
// plugins; this tool runs offline with no plugins, so a schema that references another package fails with a
// message naming it.
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
