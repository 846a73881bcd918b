import ts from "typescript";

/**
 * The doc comments of a definition, read from its source with the TypeScript compiler (at build time: the
 * comments are not in the compiled JavaScript). Each property of a definition is documented once, by the
 * doc comment on its key; TypeScript carries the key's symbol through the zod types (`ZodOptional<...>`,
 * `ZodObject<{ ... }>`), so the comments of nested object schemas are found the same way.
 */
export interface DocNode {
  /** The doc comment, as plain text ("" when there is none). */
  description: string;
  /** For an object schema declared as a variable: the variable's name (`expectedInputField`). */
  variable?: string;
  /** ... and the doc comment on that variable: what the object is. */
  typeDescription?: string;
  /** For an object schema or a shape: its keys. */
  properties?: Record<string, DocNode>;
  /** For an array (its items) or a record (its values). */
  element?: DocNode;
}

export class DocReader {
  private readonly program: ts.Program;
  private readonly checker: ts.TypeChecker;

  constructor(files: readonly string[]) {
    this.program = ts.createProgram([...files], {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      esModuleInterop: true,
      skipLibCheck: true,
      noEmit: true,
    });
    this.checker = this.program.getTypeChecker();
  }

  /**
   * The docs of a shape (an object literal of zod schemas): `exportName` of `file` itself, or its property
   * `property` (a definition's `inputs` or `outputs`).
   */
  shape(file: string, exportName: string, property?: string): DocNode {
    const source = this.program.getSourceFile(file);
    const module = source && this.checker.getSymbolAtLocation(source);
    let symbol = module && this.checker.getExportsOfModule(module).find((s) => s.name === exportName);
    if (symbol && property !== undefined) symbol = this.checker.getTypeOfSymbol(symbol).getProperty(property);
    if (!symbol) throw new Error(`${file} exports no ${exportName}${property ? `.${property}` : ""}`);
    const node = this.described(symbol, this.checker.getTypeOfSymbol(symbol), 0);
    if (!node.properties) throw new Error(`${exportName}${property ? `.${property}` : ""} is not a shape`);
    return node;
  }

  private docOf(symbol: ts.Symbol): string {
    return unwrapped(ts.displayPartsToString(symbol.getDocumentationComment(this.checker)).trim());
  }

  /** What a zod type, or a plain object of them (a shape), holds. */
  private nodeOf(type: ts.Type, depth = 0): Omit<DocNode, "description"> {
    if (depth > 20) return {};
    const zodKind = type.getSymbol()?.getName();
    const args = this.typeArguments(type);
    switch (zodKind) {
      case "ZodOptional":
      case "ZodDefault":
      case "ZodPrefault":
      case "ZodNullable":
      case "ZodReadonly":
      case "ZodNonOptional":
      case "ZodCatch":
        return args[0] ? this.nodeOf(args[0], depth + 1) : {};
      case "ZodArray":
        return args[0] ? { element: this.described(undefined, args[0], depth) } : {};
      case "ZodRecord":
        return args[1] ? { element: this.described(undefined, args[1], depth) } : {};
      case "ZodObject":
        return args[0] ? { ...this.shapeOf(args[0], depth), ...this.declaredAs(args[0]) } : {};
      default:
        // An object literal of zod schemas: a shape (a definition's `inputs`, its `outputs`).
        return isObjectLiteral(type) ? this.shapeOf(type, depth) : {};
    }
  }

  private shapeOf(type: ts.Type, depth: number): Pick<DocNode, "properties"> {
    const properties: Record<string, DocNode> = {};
    for (const property of type.getProperties()) {
      properties[property.getName()] = this.described(
        property,
        this.checker.getTypeOfSymbol(property),
        depth,
      );
    }
    return { properties };
  }

  private described(symbol: ts.Symbol | undefined, type: ts.Type, depth: number): DocNode {
    return { description: symbol ? this.docOf(symbol) : "", ...this.nodeOf(type, depth + 1) };
  }

  /**
   * The variable a `z.object({ ... })` is assigned to, and the doc comment on that variable. Found from a
   * key's declaration (zod maps the shape's type, which then has no declaration of its own): up from the key
   * to its object literal, then to the variable, unless the literal sits inside another object (inline).
   */
  private declaredAs(shape: ts.Type): Pick<DocNode, "variable" | "typeDescription"> {
    let node: ts.Node | undefined = shape.getProperties()[0]?.declarations?.[0]?.parent;
    if (!node || !ts.isObjectLiteralExpression(node)) return {};
    node = node.parent;
    while (node && (ts.isCallExpression(node) || ts.isPropertyAccessExpression(node))) node = node.parent;
    if (!node || !ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name)) return {};
    const variable = this.checker.getSymbolAtLocation(node.name);
    return { variable: node.name.text, typeDescription: variable ? this.docOf(variable) : "" };
  }

  private typeArguments(type: ts.Type): readonly ts.Type[] {
    if (!(type.flags & ts.TypeFlags.Object)) return [];
    if (!((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference)) return [];
    return this.checker.getTypeArguments(type as ts.TypeReference);
  }
}

function isObjectLiteral(type: ts.Type): boolean {
  if (!(type.flags & ts.TypeFlags.Object)) return false;
  const flags = (type as ts.ObjectType).objectFlags;
  return (
    (flags & (ts.ObjectFlags.Anonymous | ts.ObjectFlags.ObjectLiteral)) !== 0 &&
    !type.getCallSignatures().length
  );
}

/**
 * A comment's lines as the Markdown they are: source lines wrapped at the print width are joined (a break
 * in the middle of a code span would otherwise show in the SDKs' docs); blank lines and list items stay.
 */
export function unwrapped(text: string): string {
  return text.replace(/([^\n])\n(?![\n\s]*[-*] |\n)/g, "$1 ");
}
