package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// The Node.js generator (pkg/v3 v3.269.0 and later) gives every custom resource a static `exists(id)` that
// calls pulumi.runtime.existsResource. @pulumi/pulumi has that function from 3.269.0, and from 3.249.0 it
// needs Node.js 22. Without those methods the generated code is what the generator wrote before them, which
// works with @pulumi/pulumi from 3.142.0, so the SDK installs beside @pulumi/pulumi 3.248 on Node.js 20 as well
// as beside the newest on Node.js 22. The Python and Go SDKs keep theirs (`exists`, `<Resource>Exists`).
var nodeExistsMethod = regexp.MustCompile(
	`    /\*\*\n     \* Check whether an existing \w+ resource with the given ID exists\.\n(?:     \*[^\n]*\n)*?` +
		`     \*/\n    public static exists\([^\n]*\{\n(?:        [^\n]*\n)+?    \}\n\n`)

// withoutNodeExistsMethods removes those methods from the generated files, and fails when a call of
// existsResource is left (the generator's output changed shape).
func withoutNodeExistsMethods(files map[string][]byte) error {
	for name, content := range files {
		if !strings.HasSuffix(name, ".ts") {
			continue
		}
		kept := nodeExistsMethod.ReplaceAll(content, nil)
		if bytes.Contains(kept, []byte("existsResource")) {
			return fmt.Errorf("%s: an `exists` method of a shape sdkgen does not know calls existsResource", name)
		}
		files[name] = kept
	}
	return nil
}
