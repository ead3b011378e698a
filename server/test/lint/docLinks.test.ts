/**
 * Comments state their rule rather than point to a document outside the repository (issue 24): a
 * source file may name a `.md` document only when that document is in the repository. The notes the
 * project was written from (../shared/MANAGEMENT.md, DOMAIN.md, …) are not, so a reader of the code
 * could not follow such a pointer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Where the sources live, relative to the repository root. */
const SOURCE_DIRS = ['server/src', 'server/test', 'server/scripts', 'web/src', 'web/scripts', 'e2e', 'bench', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|mts|js|mjs|cjs|sql|css)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', '.cache']);

/**
 * Applied migrations are recorded by their hash and never edited, so their first lines keep the
 * pointer they were written with; this file names the outside documents to test the check. Listed
 * one by one: a new migration is checked like any other file.
 */
const EXEMPT = new Set([
  'server/test/lint/docLinks.test.ts',
  'server/src/db/migrations/0023_work_orders.sql',
  'server/src/db/migrations/0026_field_work.sql',
  'server/src/db/migrations/0027_not_uploaded.sql',
  'server/src/db/migrations/0030_examine.sql',
]);

/** A document named in a file: `NAME.md`, with or without a path before it. */
const DOC_MENTION = /(?:[\w.-]+\/)*[\w-]+\.md\b/g;

function walk(dir: string, out: string[]): string[] {
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) walk(rel, out);
    } else if (SOURCE_FILE.test(e.name)) out.push(rel);
  }
  return out;
}

/** The `.md` documents the repository holds, by file name (outside node_modules). */
function repositoryDocs(): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (e.name.startsWith('.') || SKIP_DIRS.has(e.name)) continue;
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) visit(rel);
      else if (e.name.endsWith('.md')) names.add(e.name);
    }
  };
  visit('');
  return names;
}

/** `file:line: mention` for every document a text names that `docs` does not hold. */
function strayMentions(file: string, text: string, docs: ReadonlySet<string>): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(DOC_MENTION)) {
      const name = path.posix.basename(m[0]);
      if (m[0].includes('../shared/') || !docs.has(name)) found.push(`${file}:${i + 1}: ${m[0]}`);
    }
  });
  return found;
}

describe('documents named in the sources', () => {
  const docs = repositoryDocs();

  it('the check itself: flags an outside document, lets one of the repository pass', () => {
    expect(docs.has('README.md')).toBe(true);
    expect(strayMentions('x.ts', '// rules in ../shared/MANAGEMENT.md\n// see README.md', docs)).toEqual(['x.ts:1: ../shared/MANAGEMENT.md']);
    expect(strayMentions('x.ts', '/** fill status (DOMAIN.md table) */', docs)).toEqual(['x.ts:1: DOMAIN.md']);
  });

  it('no source file names a document that is not in the repository', () => {
    const files = SOURCE_DIRS.flatMap((d) => walk(d, []));
    expect(files.length).toBeGreaterThan(100);
    const stray = files.filter((f) => !EXEMPT.has(f)).flatMap((f) => strayMentions(f, readFileSync(path.join(root, f), 'utf8'), docs));
    expect(stray).toEqual([]);
  });

  it('every exempted migration still exists (drop it from the list when it goes)', () => {
    const files = new Set(SOURCE_DIRS.flatMap((d) => walk(d, [])));
    expect([...EXEMPT].filter((f) => !files.has(f))).toEqual([]);
  });
});
