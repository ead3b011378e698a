/** 打卡: the phone's position, the nearest clock sites with distance and radius, one picked, a photo, sent; the server's verdict shown. */
import { Alert, Empty, Form, Radio, Skeleton, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { distanceKm } from '../../lib/distance';
import { wgs84ToGcj02 } from '../../lib/mapCoords';
import { metres } from './codes';
import { useNearby, useSendRecord } from './hooks';
import { PositionBar, SendOutcome, SubmitBar } from './parts';
import PhotoPicker, { type Photo } from './PhotoPicker';
import { usePosition } from './position';
import type { ClockAnswer, ClockSite } from './types';
import { todayOf, TodayWindows } from './Today';

/** 1 正常, 2 迟到, 3 范围外, 4 非打卡时段 */
const RESULT_TONE: Record<number, string> = { 1: 'success', 2: 'warning', 3: 'error', 4: 'default' };

const inRange = (s: ClockSite) => s.distance !== null && s.distance <= s.radius;

function ClockAnswerView({ data, message }: { data: ClockAnswer; message: string }) {
  return (
    <>
      <h2>
        打卡结果：
        <Tag color={RESULT_TONE[data.result]} className="field-result-tag">
          {data.resultName}
        </Tag>
      </h2>
      <p>
        距打卡点 {metres(data.distance)}（范围 {metres(data.radius)}）{data.window ? ` · 时段 ${data.window}` : ''}
      </p>
      {message && <p className="field-hint">{message}</p>}
      {data.repeated && <p className="field-hint">这条打卡此前已提交过，未重复记录。</p>}
    </>
  );
}

export default function Clock() {
  const pos = usePosition();
  const nearby = useNearby(pos.position);
  const [picked, setPicked] = useState<number | null>(null);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const { state, send, reset } = useSendRecord();
  const position = pos.position;
  // the server's distances when its answer is for this position; else (offline: the answer kept on
  // the phone, or one for where the phone was) measured here from the phone's position, nearest first
  const fresh = nearby.fresh;
  const today = todayOf(nearby.data);
  const listed = nearby.data?.clockSites;
  const sites = useMemo(() => {
    if (!listed || fresh || !position) return listed ?? [];
    const here = wgs84ToGcj02(position);
    return listed.map((s) => ({ ...s, distance: Math.round(distanceKm(here, s) * 1000) })).sort((a, b) => a.distance - b.distance);
  }, [listed, fresh, position]);
  // the nearest by default (the list comes nearest first)
  const siteId = picked ?? sites[0]?.id ?? null;
  const site = sites.find((s) => s.id === siteId) ?? null;

  if (state.phase !== 'idle' && state.phase !== 'sending') {
    return (
      <SendOutcome
        state={state}
        againLabel="再次打卡"
        onAgain={() => {
          setPhotos([]);
          reset();
          pos.locate();
        }}
        sent={(data, message) => <ClockAnswerView data={data as ClockAnswer} message={message} />}
        sentTone={(data) => ((data as ClockAnswer).result === 1 ? 'success' : 'warning')}
      />
    );
  }
  const missing = !position ? '等待定位…' : !site ? '请选择打卡点' : !photos.length ? '请拍一张现场照片' : null;
  return (
    <Form
      layout="vertical"
      className="field-form"
      onFinish={() => {
        if (missing || !site || !position) return;
        void send('clock', { clockSiteId: site.id, lon: position.lon, lat: position.lat }, photos, `打卡 · ${site.name}`);
      }}
    >
      <PositionBar pos={pos} />
      {today && <TodayWindows today={today} compact />}
      <Form.Item label="打卡点" required className="field-item">
        {nearby.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        ) : nearby.isError && !sites.length ? (
          <Alert type="warning" showIcon title="无法读取打卡点，请检查网络后重试" />
        ) : !sites.length ? (
          <Empty description="没有可用的打卡点，请联系管理员设置" />
        ) : (
          <Radio.Group className="field-choices" value={siteId} onChange={(e) => setPicked(e.target.value as number)}>
            {sites.slice(0, 8).map((s) => (
              <Radio key={s.id} value={s.id} className="field-choice">
                <span className="field-choice-name">{s.name}</span>
                <span className="field-choice-meta">
                  {s.distance === null ? `范围 ${metres(s.radius)}` : `距离 ${metres(s.distance)} · 范围 ${metres(s.radius)}`}
                  {s.distance !== null && (inRange(s) ? <Tag color="success">范围内</Tag> : <Tag color="warning">超出范围</Tag>)}
                </span>
              </Radio>
            ))}
          </Radio.Group>
        )}
      </Form.Item>
      {site && site.distance !== null && !inRange(site) && (
        <Alert
          type="warning"
          showIcon
          className="field-item"
          title={`你距「${site.name}」${metres(site.distance)}，超出 ${metres(site.radius)} 的范围：可以打卡，但会记为范围外。`}
        />
      )}
      <Form.Item label="现场照片" required className="field-item">
        <PhotoPicker value={photos} onChange={setPhotos} max={3} />
      </Form.Item>
      <SubmitBar label="打卡" disabled={!!missing} loading={state.phase === 'sending'} hint={missing} />
    </Form>
  );
}
