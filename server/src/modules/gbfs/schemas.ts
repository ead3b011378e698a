/** TypeBox schemas of the GBFS feeds: an area's feed file by name. */
import { Type } from 'typebox';
import { AreaId } from '../../http/schemas.js';
import { FEEDS } from './build.js';

/** gbfs.json and each feed's file. */
export const FeedParams = Type.Object({
  areaId: AreaId,
  file: Type.String({
    enum: ['gbfs', ...FEEDS].map((f) => `${f}.json`),
    description: 'gbfs.json（发现文件）或其列出的数据文件',
  }),
});

/** What a feed answers, for the OpenAPI document (the body is the GBFS 3.0 document itself, not the envelope). */
export const FeedResponses = {
  200: Type.Object({ last_updated: Type.String(), ttl: Type.Integer(), version: Type.Literal('3.0'), data: Type.Unknown() }, { description: 'GBFS 3.0 文件' }),
};
