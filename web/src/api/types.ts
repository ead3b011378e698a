/**
 * Typed views of the generated API document (schema.d.ts, written by `npm run gen:types` from the
 * server's TypeBox schemas; never edit it by hand): `Data<'/api/dashboard/get'>` is the `data` of the
 * envelope that GET answers, `Query<…>` its query string, `Body<…, 'post'>` a request body.
 */
import type { paths } from './schema';

type Path = keyof paths;
export type Method = 'get' | 'post' | 'put' | 'delete';

/** The operation of path P and method M (never when the path has no such method). */
type Operation<P extends Path, M extends Method> = paths[P][M] extends infer O ? (O extends object ? O : never) : never;

/** The whole JSON envelope {code, message, data} that path P answers with HTTP 200. */
type Envelope<P extends Path, M extends Method = 'get'> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': infer E } } } } ? E : never;

/** The `data` of the envelope of path P, method M. */
export type Data<P extends Path, M extends Method = 'get'> = Envelope<P, M> extends { data: infer D } ? D : never;

/** The query string parameters of path P, method M. */
export type Query<P extends Path, M extends Method = 'get'> = Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The path parameters of path P, method M. */
export type PathParams<P extends Path, M extends Method = 'get'> = Operation<P, M> extends { parameters: { path?: infer Q } } ? NonNullable<Q> : never;

/** The JSON body of path P, method M (never when the route declares none; a declared body is required). */
export type Body<P extends Path, M extends Method = 'post'> = Operation<P, M> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/** One element of an array type (rows of a list). */
export type Item<A> = A extends ReadonlyArray<infer T> ? T : never;

/** A path as the request layer takes it (without the /api prefix). */
export type ApiPath = StripApi<Path>;
type StripApi<P> = P extends `/api${infer S}` ? S : never;
/** The generated path of a request-layer path. */
export type Full<S extends ApiPath> = `/api${S}` & Path;
