import { existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { DtsSurface, SurfaceSection } from './dts-surface.js';

/**
 * Reads a release's declaration files (`sdk.d.ts`, and `sdk-tools.d.ts` beside it when there is
 * one) with the TypeScript compiler and returns its {@link DtsSurface}. Members are compared by
 * their declared text with comments removed and white space collapsed, so a TSDoc edit is no change
 * and a changed type is one.
 *
 * @param packageDir the unpacked package: the folder holding its `package.json`.
 * @throws Error when `sdk.d.ts` is not the declaration file of a module.
 */
export function extractSurface(packageDir: string): DtsSurface {
  const sdk = join(packageDir, 'sdk.d.ts');
  const tools = join(packageDir, 'sdk-tools.d.ts');
  const program = ts.createProgram(existsSync(tools) ? [sdk, tools] : [sdk], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const [reader, exported] = readerOf(program, sdk, packageDir);
  const [toolsReader, toolsExported] = existsSync(tools) ? readerOf(program, tools, packageDir) : [null, []];
  return {
    exports: Object.fromEntries(
      exported.map((symbol) => [symbol.name, { text: reader.kindOf(reader.resolve(symbol)) }] as const).sort(byKey),
    ),
    options: reader.membersAsSection('Options'),
    query: reader.membersAsSection('Query'),
    hookEvents: reader.hookEvents(),
    messages: reader.messageVariants(),
    controlRequests: reader.controlRequests(),
    types: reader.otherTypes(exported),
    tools: toolsReader ? toolsReader.otherTypes(toolsExported) : {},
  };

  function readerOf(program: ts.Program, file: string, dir: string): [SurfaceReader, ts.Symbol[]] {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!source || !moduleSymbol) throw new Error(`cannot read the module of ${file}`);
    return [new SurfaceReader(checker, source, dir), checker.getExportsOfModule(moduleSymbol)];
  }
}

const printer = ts.createPrinter({ removeComments: true, omitTrailingSemicolon: true });

/** The compiler-facing half of {@link extractSurface}. */
class SurfaceReader {
  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly source: ts.SourceFile,
    private readonly packageDir: string,
  ) {}

  resolve(symbol: ts.Symbol): ts.Symbol {
    return symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
  }

  /** The kind official-exports.txt names: from the first declaration. */
  kindOf(symbol: ts.Symbol): string {
    const declaration = symbol.declarations?.[0];
    if (!declaration) return 'unknown';
    if (ts.isClassDeclaration(declaration)) return 'class';
    if (ts.isInterfaceDeclaration(declaration)) return 'interface';
    if (ts.isTypeAliasDeclaration(declaration)) return 'type';
    if (ts.isFunctionDeclaration(declaration)) return 'function';
    if (ts.isVariableDeclaration(declaration)) return 'const';
    if (ts.isModuleDeclaration(declaration)) return 'namespace';
    if (ts.isEnumDeclaration(declaration)) return 'enum';
    return ts.SyntaxKind[declaration.kind];
  }

  /** A declaration of this file by name, exported or not (`SDKControlRequestInner` is not). */
  symbolNamed(name: string): ts.Symbol | undefined {
    for (const statement of this.source.statements) {
      if (
        (ts.isTypeAliasDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement) ||
          ts.isClassDeclaration(statement)) &&
        statement.name?.text === name
      ) {
        return statement.name ? this.checker.getSymbolAtLocation(statement.name) : undefined;
      }
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name) {
            return this.checker.getSymbolAtLocation(declaration.name);
          }
        }
      }
    }
    return undefined;
  }

  /** Each member the package itself declares (inherited library members, such as `AsyncGenerator`'s, left out). */
  membersOf(symbol: ts.Symbol): Record<string, string> {
    const type = this.checker.getDeclaredTypeOfSymbol(symbol);
    const members: Record<string, string> = {};
    for (const property of this.checker.getPropertiesOfType(type)) {
      const declarations = (property.declarations ?? []).filter((declaration) =>
        declaration.getSourceFile().fileName.startsWith(this.packageDir),
      );
      if (property.declarations?.length && declarations.length === 0) continue;
      members[memberName(property, declarations[0])] =
        declarations.length > 0
          ? declarations.map((declaration) => printed(declaration, declaration.getSourceFile())).join('; ')
          : `${property.name}: ${this.checker.typeToString(this.checker.getTypeOfSymbol(property))}`;
    }
    return Object.fromEntries(Object.entries(members).sort(byKey));
  }

  membersAsSection(name: string): SurfaceSection {
    const symbol = this.symbolNamed(name);
    if (!symbol) return {};
    return Object.fromEntries(Object.entries(this.membersOf(symbol)).map(([key, text]) => [key, { text }]));
  }

  hookEvents(): SurfaceSection {
    const symbol = this.symbolNamed('HOOK_EVENTS');
    const declaration = symbol?.valueDeclaration;
    if (!declaration) return {};
    const events = this.stringLiteralsOf(this.checker.getTypeOfSymbol(symbol));
    const section: SurfaceSection = {};
    for (const event of events) {
      const input = this.symbolNamed(`${event}HookInput`);
      section[event] = input
        ? { text: `${event}HookInput`, members: this.membersOf(input) }
        : { text: `(no ${event}HookInput)` };
    }
    return section;
  }

  messageVariants(): SurfaceSection {
    const section: SurfaceSection = {};
    for (const variant of this.unionLeaves('SDKMessage')) {
      const members = this.membersOf(variant);
      const discriminant = ['type', 'subtype']
        .map((field) => this.literalOf(variant, field))
        .filter((value) => value !== undefined)
        .join(' / ');
      section[variant.name] = { text: discriminant, members };
    }
    return section;
  }

  controlRequests(): SurfaceSection {
    const section: SurfaceSection = {};
    for (const request of this.unionLeaves('SDKControlRequestInner')) {
      const subtype = this.literalOf(request, 'subtype') ?? request.name;
      const { subtype: _, ...members } = this.membersOf(request);
      section[subtype] = { text: request.name, members };
    }
    return section;
  }

  /** Each exported type or interface that no other section covers. */
  otherTypes(exported: readonly ts.Symbol[]): SurfaceSection {
    const covered = new Set(['Options', 'Query', 'SDKMessage', 'HookInput']);
    for (const leaf of [...this.unionLeaves('SDKMessage'), ...this.unionLeaves('HookInput')]) covered.add(leaf.name);
    const section: SurfaceSection = {};
    for (const symbol of exported.map((each) => this.resolve(each))) {
      if (covered.has(symbol.name) || !(symbol.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface))) continue;
      const type = this.checker.getDeclaredTypeOfSymbol(symbol);
      const literals = type.isUnion() ? this.stringLiteralsOf(type) : [];
      if (type.isUnion() && literals.length === type.types.length) {
        section[symbol.name] = {
          text: 'string literals',
          members: Object.fromEntries(literals.sort().map((l) => [l, l])),
        };
      } else if (this.checker.getPropertiesOfType(type).length > 0 && !type.isUnion()) {
        section[symbol.name] = { text: this.kindOf(symbol), members: this.membersOf(symbol) };
      } else {
        const declaration = symbol.declarations?.[0];
        section[symbol.name] = { text: declaration ? printed(declaration, declaration.getSourceFile()) : symbol.name };
      }
    }
    return Object.fromEntries(Object.entries(section).sort(byKey));
  }

  /** The named members of a union alias, nested union aliases opened (`SDKResultMessage` → success, error). */
  private unionLeaves(name: string): ts.Symbol[] {
    const leaves: ts.Symbol[] = [];
    const visit = (symbol: ts.Symbol): void => {
      const declaration = symbol.declarations?.find(ts.isTypeAliasDeclaration);
      if (declaration && ts.isUnionTypeNode(declaration.type)) {
        for (const member of declaration.type.types) {
          const target = ts.isTypeReferenceNode(member) && this.checker.getSymbolAtLocation(member.typeName);
          if (target) visit(this.resolve(target));
        }
        return;
      }
      leaves.push(symbol);
    };
    const root = this.symbolNamed(name);
    if (root) visit(root);
    return leaves;
  }

  /** A field's string literal type(s) as `a|b`, or `undefined` when it is not one. */
  private literalOf(symbol: ts.Symbol, field: string): string | undefined {
    const property = this.checker.getPropertyOfType(this.checker.getDeclaredTypeOfSymbol(symbol), field);
    if (!property) return undefined;
    const literals = this.stringLiteralsOf(this.checker.getTypeOfSymbol(property));
    return literals.length > 0 ? literals.sort().join('|') : undefined;
  }

  /** The string literals of a literal, a union of them, or a tuple of them. */
  private stringLiteralsOf(type: ts.Type): string[] {
    if (type.isStringLiteral()) return [type.value];
    if (type.isUnion()) return type.types.flatMap((member) => this.stringLiteralsOf(member));
    if (this.checker.isTupleType(type)) {
      return this.checker.getTypeArguments(type as ts.TypeReference).flatMap((member) => this.stringLiteralsOf(member));
    }
    return [];
  }
}

/** A member's name; a symbol-keyed one (`[Symbol.dispose]`) as written, not by the compiler's unstable id. */
function memberName(property: ts.Symbol, declaration: ts.Declaration | undefined): string {
  if (!property.name.startsWith('__@')) return property.name;
  const name = declaration && ts.getNameOfDeclaration(declaration);
  return name ? name.getText() : property.name.replace(/@\d+$/, '');
}

/** A node as the compiler prints it, without comments, on one line. */
function printed(node: ts.Node, source: ts.SourceFile): string {
  return printer.printNode(ts.EmitHint.Unspecified, node, source).replace(/\s+/g, ' ').replace(/;$/, '').trim();
}

function byKey<T>([a]: readonly [string, T], [b]: readonly [string, T]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
