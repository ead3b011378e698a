/**
 * The query form of a list: declared fields in a grid, 查询 and 重置; long forms collapse to their
 * first row (展开 / 收起). Its values are the URL's filters, so back/forward refill it.
 */
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Space } from 'antd';
import { useEffect, useState } from 'react';
import { type Field, paramsOf, rangePlaceholders } from './fields';
import FieldControl from './FieldControl';
import type { UrlQuery } from './useUrlQuery';
import { fromFormValues, toFormValues } from './urlQuery';

interface Props<K extends string> {
  fields: readonly Field<K>[];
  query: UrlQuery<K>;
  /** fields shown while collapsed (one row of four at 1920 wide, with the buttons) */
  visible?: number;
  /** the list's answer: a date range's `applied` reads the range the server used from it */
  data?: unknown;
}

/** A date range's placeholders and tooltip: what an empty picker stands for. */
function emptyRange<K extends string>(f: Field<K>, filters: Partial<Record<K, string>>, data: unknown) {
  if (f.type !== 'dateRange') return {};
  const applied = data === undefined ? undefined : f.applied?.(data);
  const placeholders = rangePlaceholders(applied, [filters[f.names[0]], filters[f.names[1]]]);
  const words = f.emptyMeans ?? (applied ? '服务器的缺省范围' : undefined);
  return { placeholders, tooltip: words ? `不选日期时：${words}；灰字为本次查询实际使用的日期` : undefined };
}

const SPAN = { xs: 24, md: 12, lg: 8, xxl: 6 };

export default function QueryForm<K extends string>({ fields, query, visible = 3, data }: Props<K>) {
  const [form] = Form.useForm();
  const { filters, setFilters, reset } = query;
  const long = fields.length > visible;
  // a filter set below the fold (a link, a reload) opens the form, so no filter is invisible
  const [open, setOpen] = useState(() => fields.slice(visible).some((f) => paramsOf(f).some((n) => filters[n])));
  const expanded = !long || open;

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(fields, filters));
  }, [form, fields, filters]);

  return (
    <Form
      form={form}
      className="desk-query"
      role="search"
      aria-label="查询条件"
      labelCol={{ flex: '88px' }}
      onFinish={(values: Record<string, unknown>) => setFilters(fromFormValues(fields, values))}
    >
      <Row gutter={16}>
        {fields.map((f, i) => {
          const range = emptyRange(f, filters, data);
          return (
            // collapsed fields stay mounted (their values stay in the form), only hidden
            <Col key={f.name} {...SPAN} className="desk-query-field" style={!expanded && i >= visible ? { display: 'none' } : undefined}>
              <Form.Item name={f.name as string} label={f.label} tooltip={range.tooltip}>
                <FieldControl field={f} placeholders={range.placeholders} />
              </Form.Item>
            </Col>
          );
        })}
        <Col flex="auto" className="desk-query-buttons">
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button onClick={reset}>重置</Button>
              {long && (
                <Button type="link" onClick={() => setOpen(!expanded)} icon={expanded ? <UpOutlined /> : <DownOutlined />} iconPlacement="end">
                  {expanded ? '收起' : '展开'}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
