// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Providers from '../../app/Providers';
import { orderTypeOfFlag } from '../../lib/workOrders';
import { logIn } from '../../test/session';
import { ok, stubFetch } from '../../test/stubFetch';
import NewOrderDialog, { type OrderTarget } from './NewOrderDialog';

const SLOW = { timeout: 120_000 };
const WAIT = { timeout: 60_000 };

const BRANDS = [
  { brandId: 1, brandName: '美团' },
  { brandId: 2, brandName: '哈啰' },
  { brandId: 3, brandName: '青桔' },
];
const SITE: OrderTarget = { kind: 'site', siteId: 'S001', siteName: '中关村站', flag: 2, brandIds: [1, 2] };

/** Answers of POST /api/workOrder/add, one per call (then id 90 onwards). */
let answers: Response[] = [];
let fetched: ReturnType<typeof stubFetch>;
let nextId = 90;
beforeEach(() => {
  answers = [];
  nextId = 90;
  fetched = stubFetch((path, method) => {
    if (path === '/api/workOrder/add' && method === 'POST') return answers.shift() ?? ok({ id: nextId++ }, 200, '工单已派发');
    return undefined;
  });
  logIn({ permissions: ['home', 'dailyDuty', 'workOrder.view', 'workOrder.handle'] });
});
afterEach(() => vi.restoreAllMocks());

function show(target: OrderTarget) {
  const onClose = vi.fn();
  const onDone = vi.fn();
  render(
    <Providers>
      <NewOrderDialog target={target} brands={BRANDS} onClose={onClose} onDone={onDone} />
    </Providers>,
  );
  return { onClose, onDone, dialog: screen.getByRole('dialog') };
}
const adds = () => fetched.calls.filter((c) => c.url.pathname === '/api/workOrder/add');
const send = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: /派\s*发/ }));
const typeText = (dialog: HTMLElement, text: string) => fireEvent.change(within(dialog).getByLabelText('工单内容'), { target: { value: text } });

describe('派单 dialog', () => {
  it("suggests the type from the site's fill", () => {
    expect([0, 1, 2, 3, 4, null].map(orderTypeOfFlag)).toEqual([2, 8, 1, 1, 2, 8]);
  });

  it('a site: 站点过满 and the enterprises with bikes there chosen; the content is required', SLOW, async () => {
    const { dialog, onClose } = show(SITE);
    expect(within(dialog).getByText('派单 · 中关村站')).toBeTruthy();
    expect(within(dialog).getByText('中关村站（S001）')).toBeTruthy();
    expect(within(dialog).getByText('站点过满')).toBeTruthy();
    expect(within(dialog).getByText('美团')).toBeTruthy();
    expect(within(dialog).getByText('哈啰')).toBeTruthy();
    expect(within(dialog).getByText(/不填按类型：调度工单为站点的响应时间/)).toBeTruthy();
    send(dialog);
    expect(await within(dialog).findByText('请填写工单内容', undefined, WAIT)).toBeTruthy();
    typeText(dialog, '   ');
    send(dialog);
    await within(dialog).findByText('请填写工单内容', undefined, WAIT);
    expect(adds()).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends one order per enterprise; a refusal keeps the dialog, the text and the enterprises not sent to', SLOW, async () => {
    const { dialog, onClose, onDone } = show(SITE);
    typeText(dialog, '站点过满，请调走 5 辆');
    fireEvent.change(within(dialog).getByLabelText('期限（分钟）'), { target: { value: '20' } });
    answers = [ok({ id: 50 }, 200, '工单已派发'), ok(null, 400, '企业不存在，请刷新后重试')];
    send(dialog);
    const error = await within(dialog).findByTestId('new-order-error', undefined, WAIT);
    expect(error.textContent).toContain('派给哈啰未成功：企业不存在，请刷新后重试');
    expect(within(dialog).getByText(/已派发：工单 50（美团）/)).toBeTruthy();
    expect(adds().map((c) => c.body)).toEqual([
      { type: 1, brandId: 1, siteId: 'S001', text: '站点过满，请调走 5 辆', deadlineMinutes: 20 },
      { type: 1, brandId: 2, siteId: 'S001', text: '站点过满，请调走 5 辆', deadlineMinutes: 20 },
    ]);
    // still open, with what was typed; 美团 (sent) left the choice
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog).getByLabelText('工单内容') as HTMLTextAreaElement).value).toBe('站点过满，请调走 5 辆');
    expect(within(dialog).queryByText('美团')).toBeNull();
    // again: only 哈啰 is sent
    send(dialog);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith([50, 90]), WAIT);
    expect(adds()).toHaveLength(3);
    expect(adds()[2].body).toMatchObject({ brandId: 2 });
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('工单已派发：工单 50、90', undefined, WAIT)).toBeTruthy();
  });

  it('needs an enterprise for a site or a point', SLOW, async () => {
    const { dialog } = show({ ...SITE, flag: 1, brandIds: [] } as OrderTarget);
    typeText(dialog, '请核查');
    send(dialog);
    expect(await within(dialog).findByText('请选择派给的企业', undefined, WAIT)).toBeTruthy();
    expect(adds()).toHaveLength(0);
  });

  it('a point: its GCJ-02 position and the area shown, type 其他 unless chosen', SLOW, async () => {
    const { dialog, onDone } = show({ kind: 'point', lon: 116.312345, lat: 39.981234, areaId: '110108' });
    expect(within(dialog).getByText('在此派单')).toBeTruthy();
    expect(within(dialog).getByText('116.312345, 39.981234')).toBeTruthy();
    // choose 青桔
    fireEvent.mouseDown(within(dialog).getByLabelText('派给企业'));
    fireEvent.click(await screen.findByTitle('青桔', undefined, WAIT));
    typeText(dialog, '路口有车辆堆放，请清理');
    send(dialog);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith([90]), WAIT);
    expect(adds()[0].body).toEqual({ type: 8, brandId: 3, areaId: '110108', lon: 116.312345, lat: 39.981234, text: '路口有车辆堆放，请清理' });
  });

  it('an alert: content and deadline only; the server’s refusal shown in the dialog', SLOW, async () => {
    const { dialog, onClose } = show({
      kind: 'alert',
      alert: {
        id: 7,
        abnormalType: 1,
        abnormalTypeName: '站外还车',
        brandName: '美团',
        bikeId: 'MT0001',
        siteName: '',
        lon: 116.3,
        lat: 39.9,
        createTime: '2024-05-02 08:00:00',
      },
    });
    expect(within(dialog).queryByLabelText('派给企业')).toBeNull();
    expect(within(dialog).queryByLabelText('类型')).toBeNull();
    expect(within(dialog).getByText('站外还车（2024-05-02 08:00:00）')).toBeTruthy();
    typeText(dialog, '请把车辆挪回站点');
    answers = [ok(null, 400, '告警 7 已在工单 12 中，请在该工单中处理')];
    send(dialog);
    const error = await within(dialog).findByTestId('new-order-error', undefined, WAIT);
    expect(error.textContent).toContain('告警 7 已在工单 12 中，请在该工单中处理');
    expect(adds()[0].body).toEqual({ alertId: 7, text: '请把车辆挪回站点' });
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog).getByLabelText('工单内容') as HTMLTextAreaElement).value).toBe('请把车辆挪回站点');
  });
});
