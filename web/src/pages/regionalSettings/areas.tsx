/**
 * 区域管理: the user's area and below as a searchable tree; the chosen area's fields of spec §3 (siteCount from
 * the server), edited in a dialog; 新增下级区域 with a code that fits under it, 删除区域 (the server refuses while
 * sites, users or enterprises remain, saying how many).
 * Not a CrudTab: the areas are one tree (no pages, no query form), one area shown at a time; its dialogs
 * are the kit's FormDialog and its writes the kit's useWrites.
 */
import { DeleteOutlined, EditOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Badge, Button, Descriptions, Empty, Input, Result, Skeleton, Space, Tag, Tooltip, Tree, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormDialog, useConfirm, useWrites } from '../../components/desk';
import { isAggregation } from '../../lib/aggregation';
import { AGGREGATION, AGGREGATION_HELP, AGGREGATION_VIEW_HELP, AREA_FORM, GBFS_PUBLIC_HELP, areaBody, areaValues, type AreaFormValues } from './areaForm';
import { type AreaTreeNode, filterTree, LEVELS, nestAreas } from './areaTree';
import { createArea, deleteArea, fetchAreas, updateArea } from './service';
import { subAreaBody, subAreaForm, type SubAreaValues } from './subAreaForm';
import type { Area } from './types';
import { vertexCount } from './zoneGeo';

/** The name with the searched text marked. */
function Marked({ text, q }: { text: string; q: string }) {
  const i = q ? text.indexOf(q) : -1;
  if (i < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, i)}
      <mark className="regional-mark">{q}</mark>
      {text.slice(i + q.length)}
    </>
  );
}

function AreaSearchTree({ roots, selected, onSelect }: { roots: AreaTreeNode[]; selected?: string; onSelect: (id: string) => void }) {
  const [q, setQ] = useState('');
  const [opened, setOpened] = useState<string[] | null>(null);
  const shown = useMemo(() => filterTree(roots, q), [roots, q]);
  const titled = useMemo(() => {
    const mark = (list: AreaTreeNode[]): object[] =>
      list.map((n) => ({ key: n.key, title: <Marked text={n.title} q={q.trim()} />, children: n.children ? mark(n.children) : undefined }));
    return mark(shown.nodes);
  }, [shown.nodes, q]);
  return (
    <div className="regional-tree">
      <Input.Search
        placeholder="搜索区域名称或编码"
        allowClear
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setOpened(null);
        }}
      />
      {q.trim() && !shown.matches ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有匹配的区域" />
      ) : (
        <Tree
          treeData={titled}
          expandedKeys={opened ?? shown.expanded}
          onExpand={(keys) => setOpened(keys as string[])}
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => keys[0] && onSelect(String(keys[0]))}
          blockNode
          height={560}
        />
      )}
    </div>
  );
}

const onOff = (v: boolean, on: string, off: string) => <Badge status={v ? 'success' : 'default'} text={v ? on : off} />;

function AreaDetail({ area, parent, canEdit, onGone }: { area: Area; parent?: Area; canEdit: boolean; onGone: (id: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const writes = useWrites(['regional', 'areas']);
  const { confirmDelete } = useConfirm();
  const siteCount = area.siteCount;
  const remove = () =>
    confirmDelete(`区域“${area.areaName}”`, async () => {
      // a refusal says how many sites, users, enterprises remain
      if (await writes.run(() => deleteArea(area.id), '区域已删除')) onGone(area.parentId ?? '');
    });
  const subFields = useMemo(() => subAreaForm(area), [area]);
  return (
    <div className="regional-detail">
      <Descriptions
        bordered
        size="small"
        column={2}
        title={area.areaName}
        extra={
          canEdit && (
            <Space>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                编辑区域
              </Button>
              {area.level < 4 && (
                <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                  新增下级区域
                </Button>
              )}
              {area.level > 0 && (
                <Button danger icon={<DeleteOutlined />} onClick={remove}>
                  删除区域
                </Button>
              )}
            </Space>
          )
        }
        items={[
          { key: 'code', label: '区域编码', children: area.areaCode },
          { key: 'level', label: '级别', children: LEVELS[area.level] ?? area.level },
          { key: 'parent', label: '上级区域', children: parent ? `${parent.areaName}（${parent.id}）` : (area.parentId ?? '—') },
          { key: 'sites', label: '站点数', children: siteCount },
          { key: 'agg', label: <Helped label="聚合区域" help={AGGREGATION_HELP} />, children: AGGREGATION[area.aggregation as 0 | 1] ?? area.aggregation },
          { key: 'aggId', label: '聚合区域编码', children: area.aggregationId || '—' },
          {
            key: 'view',
            label: <Helped label="聚合视图" help={AGGREGATION_VIEW_HELP} />,
            children: isAggregation(area) ? <Tag color="blue">是</Tag> : <Tag>否</Tag>,
          },
          { key: 'platform', label: '平台编码', children: area.platformCode || '—' },
          { key: 'monitor', label: '监控', children: onOff(area.monitorOpen, '已开启', '未开启') },
          { key: 'open', label: '对外开放', children: onOff(area.isOpen, '已开放', '未开放') },
          { key: 'gbfs', label: <Helped label="公开发布" help={GBFS_PUBLIC_HELP} />, children: onOff(area.gbfsPublic, '已公开', '未公开') },
          { key: 'pile', label: area.fullPileName || '满桩值', children: area.fullPileNum },
          { key: 'rail', label: '运营围栏', children: area.gpsRail?.length ? `${vertexCount(area.gpsRail)} 个顶点` : '未设置' },
        ]}
      />
      <FormDialog<AreaFormValues>
        open={editing}
        title={`编辑区域（${area.areaName}）`}
        fields={AREA_FORM}
        initialValues={areaValues(area, siteCount)}
        horizontal
        width={560}
        success="区域修改成功"
        onSubmit={(v) => writes.submit(() => updateArea(areaBody(area.id, v)))}
        onClose={() => setEditing(false)}
      />
      <FormDialog<SubAreaValues>
        open={adding}
        title={`新增下级区域（${area.areaName}）`}
        fields={subFields}
        initialValues={{ parent: `${area.areaName}（${area.id}）`, id: '', areaName: '' }}
        horizontal
        width={520}
        success="区域添加成功"
        onSubmit={(v) => writes.submit(() => createArea(subAreaBody(area.id, v)))}
        onClose={() => setAdding(false)}
      />
    </div>
  );
}

export default function AreasTab({ canEdit }: { canEdit: boolean }) {
  const areas = useQuery({ queryKey: ['regional', 'areas'], queryFn: fetchAreas, staleTime: 30_000 });
  const roots = useMemo(() => nestAreas(areas.data ?? []), [areas.data]);
  const byId = useMemo(() => new Map((areas.data ?? []).map((a) => [a.id, a])), [areas.data]);
  const [picked, setPicked] = useState<string>();
  const selected = byId.get(picked ?? '') ?? roots[0]?.area;
  if (areas.isError) {
    return <Result status="error" title="区域加载失败" extra={<Button onClick={() => void areas.refetch()}>重试</Button>} />;
  }
  if (areas.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <div className="regional-split">
      <AreaSearchTree roots={roots} selected={selected?.id} onSelect={setPicked} />
      {selected ? (
        <AreaDetail key={selected.id} area={selected} parent={byId.get(selected.parentId ?? '')} canEdit={canEdit} onGone={setPicked} />
      ) : (
        <Typography.Text type="secondary">请选择区域</Typography.Text>
      )}
    </div>
  );
}

/** A label with its explanation on a question mark (hover or focus). */
function Helped({ label, help }: { label: string; help: string }) {
  return (
    <Space size={4}>
      {label}
      <Tooltip title={help}>
        <QuestionCircleOutlined aria-label={`${label}说明`} tabIndex={0} style={{ color: 'rgba(0,0,0,0.45)' }} />
      </Tooltip>
    </Space>
  );
}
