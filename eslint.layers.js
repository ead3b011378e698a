/**
 * The server's layer rule: an import under server/src may point at its own unit or at a lower layer,
 * never sideways (one feature into another) or upward. README "Architecture" lists the layers.
 */
import path from 'node:path';

/**
 * Layers, lowest first. A unit is a folder (or a file) under server/src; modules/<name> are units
 * each. Units of an `open` layer may import each other; of any other layer, only lower layers.
 */
export const LAYERS = [
  { rank: 0, units: ['domain'], note: 'pure rules and types, imports nothing of ours' },
  { rank: 1, units: ['config', 'db'], note: 'configuration and the database' },
  {
    rank: 2,
    units: ['shared', 'http'],
    open: true,
    note: 'shared infrastructure: caches, shared reads, xlsx (shared/); guard and scope, envelope, schemas (http/)',
  },
  { rank: 3, units: ['modules/*', 'ingest', 'jobs'], note: 'features: none imports another' },
  { rank: 4, units: ['app'], note: 'buildApp(): registers the features' },
  { rank: 5, units: ['sim'], note: 'the demo city (drives the app like a client)' },
  { rank: 6, units: ['main', 'verifyStats'], note: 'entry points' },
];

/** The unit and rank of a path relative to server/src ('modules/sites/repo.ts' -> modules/sites, 4). */
export function unitOf(rel) {
  const parts = rel.split('/');
  const top = parts.length === 1 ? parts[0].replace(/\.[cm]?[jt]sx?$/, '') : parts[0];
  for (const layer of LAYERS) {
    for (const unit of layer.units) {
      if (unit === `${top}/*`) return parts.length > 2 ? { unit: `${top}/${parts[1]}`, rank: layer.rank, open: !!layer.open } : null;
      if (unit === top) return { unit, rank: layer.rank, open: !!layer.open };
    }
  }
  return null;
}

function check(context, srcRoot, node) {
  const source = node.source?.value;
  if (typeof source !== 'string' || !source.startsWith('.')) return;
  const file = context.filename ?? context.getFilename();
  const fromRel = path.relative(srcRoot, file).split(path.sep).join('/');
  if (fromRel.startsWith('..')) return;
  const toRel = path
    .relative(srcRoot, path.resolve(path.dirname(file), source))
    .split(path.sep)
    .join('/');
  if (toRel.startsWith('..')) return;
  const from = unitOf(fromRel);
  const to = unitOf(toRel);
  if (!from || !to || from.unit === to.unit) return;
  if (from.unit === 'domain') {
    context.report({ node: node.source, messageId: 'domain', data: { to: toRel } });
  } else if (to.rank === from.rank && !from.open) {
    context.report({ node: node.source, messageId: 'sideways', data: { from: from.unit, to: to.unit } });
  } else if (to.rank > from.rank) {
    context.report({ node: node.source, messageId: 'upward', data: { from: from.unit, to: to.unit } });
  }
}

/** Methods that run SQL: only a module's repo.ts calls them (`database.query(...)`, `q.query<Row>(...)`, `database.tx(...)`). */
const QUERY_METHODS = new Set(['query', 'tx']);

/** A call of database.query / .tx in a modules/<m> file other than a repo.ts (any folder depth). */
function checkQuery(context, srcRoot, node) {
  const callee = node.callee;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
  if (!QUERY_METHODS.has(callee.property.name)) return;
  const file = context.filename ?? context.getFilename();
  const rel = path.relative(srcRoot, file).split(path.sep).join('/');
  if (!rel.startsWith('modules/') || path.posix.basename(rel) === 'repo.ts') return;
  context.report({ node: callee.property, messageId: 'query', data: { file: rel, method: callee.property.name } });
}

/** ESLint rule 'layers/layers'; option: the absolute path of server/src. */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Imports under server/src follow the layers: no feature imports another, nothing imports upward; in modules/, only repo.ts runs SQL',
    },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false }],
    messages: {
      domain: 'domain/ is pure: it imports nothing of ours (here {{to}}).',
      sideways: '{{from}} may not import {{to}}: features do not import each other; move the shared piece down a layer.',
      upward: '{{from}} may not import {{to}}: it sits in a higher layer.',
      query: '{{file}} runs SQL (.{{method}}): every query of a module lives in its repo.ts; call a repo function with plain arguments.',
    },
  },
  create(context) {
    const srcRoot = context.options[0].root;
    const visit = (node) => check(context, srcRoot, node);
    return {
      ImportDeclaration: visit,
      ExportNamedDeclaration: visit,
      ExportAllDeclaration: visit,
      ImportExpression: visit,
      CallExpression: (node) => checkQuery(context, srcRoot, node),
    };
  },
};

export default { rules: { layers: rule } };
