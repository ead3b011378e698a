/**
 * 企业详情 · 运维人员: the enterprise's maintainers (phones masked), a list embedded in the detail
 * (its page its own, the enterprise fixed), beside the number the enterprise declared; 新增 / 编辑 /
 * 删除 with company.edit. A phone left empty on 编辑 stays as it is.
 */
import { Typography } from 'antd';
import { useMemo } from 'react';
import { CrudTab, defineCrud } from '../../../components/desk';
import { phoneRule } from '../../systemSettings/rules';
import { type EnterpriseDetail, type MaintainerRow, deleteMaintainer, fetchMaintainers, saveMaintainer } from './service';

/** The maintainers' list key (under 'desk'): an edit of the enterprise (its name) refreshes it. */
export const MAINTAINERS = 'companyMaintainers';

interface Values {
  maintainName: string;
  maintainPhone?: string;
  manageArea: string;
}

const maintainersSpec = (d: EnterpriseDetail) =>
  defineCrud<MaintainerRow, 'brandId', Values>({
    key: MAINTAINERS,
    rowKey: 'id',
    embedded: true,
    fixed: { brandId: String(d.brandId) },
    filters: [],
    empty: '暂无运维人员',
    list: ({ currentPage, pageSize }) => fetchMaintainers(d.brandId, { currentPage, pageSize }),
    header: (kit) => (
      <div className="company-section-head">
        <span className="company-section-title">
          <h4>运维人员</h4>
          {kit.data && (
            <Typography.Text type={kit.data.total < d.brandOperationNum ? 'warning' : 'secondary'} aria-label="运维人员人数">
              已登记 {kit.data.total} 人，企业申报 {d.brandOperationNum} 人
            </Typography.Text>
          )}
        </span>
      </div>
    ),
    columns: [
      { title: '姓名', dataIndex: 'maintainName' },
      { title: '手机号', dataIndex: 'maintainPhone', width: 130 },
      { title: '品牌', dataIndex: 'brandName' },
      { title: '负责区域', dataIndex: 'manageAreaText' },
    ],
    actionsWidth: 120,
    table: { size: 'small' },
    form: {
      noun: '运维人员',
      created: '运维人员已新增',
      updated: '运维人员已保存',
      rulesOf: '/api/company/saveMaintainer',
      useFields: (row) => [
        { name: 'maintainName', label: '姓名', type: 'input', required: true },
        {
          name: 'maintainPhone',
          label: '手机号',
          type: 'input',
          required: !row,
          placeholder: row ? `${row.maintainPhone}（不修改请留空）` : undefined,
          // saveMaintainer's schema has no phone pattern (its code checks 11 digits, and '' keeps the phone): the users' Phone pattern
          rules: [phoneRule('/api/user/add')],
        },
        { name: 'manageArea', label: '负责区域', type: 'area', required: true, extra: '须在企业的登记、投放或运营区域内' },
      ],
      initial: (m) => (m ? { maintainName: m.maintainName, manageArea: m.manageArea } : { manageArea: d.operationAreaId[0] ?? d.areaId }),
      save: (v, m) =>
        saveMaintainer({
          ...(m ? { id: m.id } : {}),
          brandId: d.brandId,
          maintainName: v.maintainName.trim(),
          maintainPhone: v.maintainPhone?.trim() || undefined,
          manageArea: v.manageArea,
        }),
    },
    remove: { call: (m) => deleteMaintainer(d.brandId, m.id), what: (m) => `运维人员“${m.maintainName}”` },
    permissions: { edit: 'company.edit' },
  });

export default function Maintainers({ d }: { d: EnterpriseDetail }) {
  const spec = useMemo(() => maintainersSpec(d), [d]);
  return (
    <section className="company-section">
      <CrudTab spec={spec} />
    </section>
  );
}
