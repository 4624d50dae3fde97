import type { Expr } from '../parser/ast';

/** Writes a value expression back as template text, for messages: `UserAttribute['First name']`. */
export function exprSource(node: Expr): string {
  switch (node.type) {
    case 'Name':
      return node.name;
    case 'Getattr':
      return `${exprSource(node.node)}.${node.attr}`;
    case 'Getitem': {
      const arg = node.arg;
      if (arg.type === 'Const') {
        const key =
          typeof arg.value === 'string'
            ? `'${arg.value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
            : String(arg.value);
        return `${exprSource(node.node)}[${key}]`;
      }
      return `${exprSource(node.node)}[...]`;
    }
    case 'Filter':
      return node.node === null ? node.name : `${exprSource(node.node)}|${node.name}`;
    default:
      return 'the value';
  }
}
