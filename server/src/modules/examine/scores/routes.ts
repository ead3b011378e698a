import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok } from '../../../http/envelope.js';
import { needs } from '../../../http/auth.js';
import { byField, pick, type Before } from '../../../http/auditObjects.js';
import { tags } from '../schemas.js';
import { registerOwner } from '../../../shared/uploads.js';
import * as scores from './service.js';
import { PeriodBody, PeriodState, ReopenBody, ScoreBody, ScoreItem, ScoreParams, ScoreQuery } from './schemas.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

const view = needs('ratingEvaluation');
const edit = needs('rating.edit');
/** The month's closing row of the area the request names (or its own). */
const periodRow: Before = (req) => ({ table: 'examine_periods', where: { area_id: pick(req, 'areaId') ?? req.auth.areaId, period: pick(req, 'period') } });

/** 评级考核 · 人工评分 (sortContent) and the closing of a month (period). */
export function registerScores(app: App) {
  const { database, config } = app.ctx;
  const tz = config.tz;
  registerOwner('examine', (db, auth, ownerId) => scores.mayReadPhoto(db, auth, ownerId));

  // 人工评分列表：一个月各企业固定考核项的发现处数与检查情况
  app.get(
    '/sortContent/list',
    { config: view, schema: { tags, summary: '人工评分列表', querystring: ScoreQuery, response: { 200: Envelope(Type.Array(ScoreItem)) } } },
    async (req) => ok(await scores.listScores(database, req.auth, req.query, tz)),
  );

  // 新增或修改人工评分（周期关闭后不可改）
  app.post(
    '/sortContent/upsert',
    {
      config: { ...edit, audit: byField('examine_fixed_scores', 'id') },
      schema: { tags, summary: '保存人工评分', body: ScoreBody, response: { 200: Envelope(Type.Object({ id: Type.Integer() })) } },
    },
    async (req) => ok({ id: await scores.saveScore(database, req.auth, req.body) }, '人工评分已保存'),
  );

  // 删除人工评分
  app.delete(
    '/sortContent/del/:id',
    { config: { ...edit, audit: byField('examine_fixed_scores', 'id') }, schema: { tags, summary: '删除人工评分', params: ScoreParams } },
    async (req) => {
      await scores.deleteScore(database, req.auth, req.params.id);
      return ok(null, '人工评分已删除');
    },
  );

  // 考核周期状态与关闭、重新开放记录
  app.get(
    '/period/info',
    { config: view, schema: { tags, summary: '考核周期状态', querystring: PeriodBody, response: { 200: Envelope(PeriodState) } } },
    async (req) => ok(await scores.periodState(database, req.auth, req.query, tz)),
  );

  // 关闭考核周期：结果与人工评分冻结
  app.post('/period/close', { config: { ...edit, audit: periodRow }, schema: { tags, summary: '关闭考核周期', body: PeriodBody } }, async (req) => {
    await scores.closePeriod(database, req.auth, req.body);
    return ok(null, `考核周期 ${req.body.period} 已关闭`);
  });

  // 重新开放考核周期（须填写原因）
  app.post('/period/reopen', { config: { ...edit, audit: periodRow }, schema: { tags, summary: '重新开放考核周期', body: ReopenBody } }, async (req) => {
    await scores.reopenPeriod(database, req.auth, req.body);
    return ok(null, `考核周期 ${req.body.period} 已重新开放`);
  });
}
