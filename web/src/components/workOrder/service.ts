/**
 * The call of the 派单 dialog. A refusal (400: no content, an alert already in an order; 5002:
 * another area) comes back with the server's message for the dialog to show while it stays open
 * with what was typed; a lost session (401) still goes to login.
 */
import type { Body } from '../../api/types';
import { envelope, written } from '../../app/request';

export type NewOrderBody = Body<'/api/workOrder/add'>;

// 新建工单 POST /api/workOrder/add
export const sendOrder = (body: NewOrderBody) => written(envelope.post('/workOrder/add', body, { passErrors: true }));
