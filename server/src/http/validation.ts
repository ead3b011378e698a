/**
 * How every request is validated (issue 16): one Ajv per app, with rules that hold for every route
 * so that a new route cannot forget them.
 * - Numbers are finite (`strictNumbers`, and a check after coercion: Ajv skips min/max for a query's
 *   `Infinity` coerced to a number): `Infinity` and `NaN` never pass an integer or number check.
 * - An integer without its own bounds is bounded to the int4 range (the columns' type), so `1e20`
 *   is refused as input instead of failing in the database.
 * - Strings are coerced to numbers only when they are finite numbers; a boolean is never taken as
 *   a number (`{"id": true}` is not id 1).
 * - No text holds NUL or a lone surrogate (PostgreSQL cannot store them), and JSON is nested at
 *   most 32 deep. Open-API batches are exempt for their items: ingest/validate.ts refuses such an
 *   item on its own, and the rest of the batch is stored.
 * A refusal is an Ajv-style issue, worded in Chinese by describeValidation (errors.ts).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { findTextProblem } from '../domain/text.js';

const INT4_MAX = 2_147_483_647;
const INT4_MIN = -2_147_483_648;
const MAX_JSON_DEPTH = 32;

type Schema = Record<string, unknown>;
interface Issue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : []);

/** A copy of a route schema with the bounds every integer needs (own string keys only: TypeBox's symbols stay behind). */
export function hardenSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(hardenSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'default' || k === 'examples' || k === 'const' || k === 'enum' ? v : hardenSchema(v);
  if (typesOf(out).includes('integer')) {
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = INT4_MAX;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = INT4_MIN;
  }
  return nullableAsType(out);
}

/**
 * `anyOf: [S, null]` (TypeBox's Nullable of a plain S) as `S` with `type: [S.type, 'null']`: with
 * coercion on, Ajv tries the branches in order and turns a null into S's 0 or '' before it reaches
 * the null branch (a band's "no lower bound" read as 0); a type list coerces only what fits no type.
 */
function nullableAsType(s: Schema): Schema {
  const alts = s.anyOf;
  if (!Array.isArray(alts) || alts.length !== 2) return s;
  const n = alts.findIndex((a: Schema) => a && a.type === 'null');
  const other = alts[1 - n] as Schema | undefined;
  if (n < 0 || !other || typeof other.type !== 'string' || other.type === 'null' || 'const' in other || 'enum' in other || 'anyOf' in other) return s;
  const { anyOf: _alts, ...rest } = s;
  return { ...other, ...rest, type: [other.type, 'null'] };
}

/** Whether a schema only accepts numbers (so a boolean given for it is wrong, not coercible). */
function numericOnly(s: Schema): boolean {
  const t = typesOf(s);
  const values = t.filter((x) => x !== 'null');
  if (values.length) return values.every((x) => x === 'integer' || x === 'number');
  const alts = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  return !!alts && alts.length > 0 && alts.every(numericOnly);
}

/**
 * The first boolean given where the schema wants a number (Ajv would coerce it to 1/0). A null still
 * reads as 0 there, as before: the console sends null for a filter left empty.
 */
export function findBoolAsNumber(schema: Schema, data: unknown, path = '', depth = 0): Issue | null {
  if (depth > MAX_JSON_DEPTH || !schema || typeof schema !== 'object') return null;
  if (typeof data === 'boolean' && numericOnly(schema)) {
    return { keyword: 'type', instancePath: path, params: { type: typesOf(schema)[0] ?? 'number' } };
  }
  if (Array.isArray(data) && schema.items && typeof schema.items === 'object') {
    for (let i = 0; i < data.length && i < 10_000; i++) {
      const r = findBoolAsNumber(schema.items as Schema, data[i], `${path}/${i}`, depth + 1);
      if (r) return r;
    }
  } else if (data && typeof data === 'object' && schema.properties) {
    for (const [k, sub] of Object.entries(schema.properties as Record<string, Schema>)) {
      const v = (data as Record<string, unknown>)[k];
      if (v === undefined) continue;
      const r = findBoolAsNumber(sub, v, `${path}/${k}`, depth + 1);
      if (r) return r;
    }
  }
  return null;
}

const isOpenBatch = (url: string) => url.startsWith('/api/open/') && !url.endsWith('/token');

type Validator = ((data: unknown, ctx?: unknown) => boolean) & {
  errors?: FastifySchemaValidationError[] | null;
  schemaEnv?: unknown;
};

export function registerValidation(app: FastifyInstance) {
  const ajv = new Ajv({
    coerceTypes: 'array',
    removeAdditional: true,
    useDefaults: true,
    allErrors: false,
    strictNumbers: true,
    strict: false,
    addUsedSchema: false,
  });
  app.setValidatorCompiler(({ schema, url, httpPart }) => {
    const hardened = hardenSchema(schema) as Schema;
    const validate: ValidateFunction = ajv.compile(hardened);
    const checkText = !(httpPart === 'body' && isOpenBatch(url));
    const wrapper: Validator = (data, ctx) => {
      const early = findBoolAsNumber(hardened, data);
      if (early) return fail(wrapper, early);
      if (!validate(data, ctx as never)) {
        wrapper.errors = validate.errors as FastifySchemaValidationError[];
        return false;
      }
      const problem = findTextProblem(data, checkText ? MAX_JSON_DEPTH : MAX_JSON_DEPTH * 2);
      if (problem && (checkText || problem.kind !== 'text')) {
        const instancePath = `/${problem.path}`.replace(/\.|\[|\]/g, (c) => (c === ']' ? '' : '/'));
        return fail(
          wrapper,
          problem.kind === 'number' ? { keyword: 'type', instancePath, params: { type: 'number' } } : { keyword: problem.kind, instancePath, params: {} },
        );
      }
      return true;
    };
    wrapper.schemaEnv = validate.schemaEnv;
    return wrapper;
  });
}

function fail(v: Validator, issue: Issue) {
  v.errors = [issue as FastifySchemaValidationError];
  return false;
}
