import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Spin } from 'antd';
import { fetchUser } from '../../app/session/service';
import { useSession } from '../../app/session/store';
import type { User } from '../../app/session/types';
import { maskMobile } from '../../lib/mask';
import { formatDateTime } from '../../lib/time';
import { UploadImage } from '../uploads';

const NONE = '暂无';

/** ID card photos come through the session (components/uploads): an <img> alone cannot send the token. */
function IdPhoto({ src, alt }: { src: string | null; alt: string }) {
  return <UploadImage url={src} alt={alt} />;
}

function rows(u: User) {
  return [
    { key: 'username', label: '登录账号', children: u.username },
    { key: 'name', label: '姓名', children: u.name || NONE },
    { key: 'phone', label: '手机号', children: maskMobile(u.phone) || NONE },
    { key: 'company', label: '所属公司', children: u.company || NONE },
    { key: 'roles', label: '角色', children: u.roles?.map((r) => r.roleName).join('、') || NONE, span: 2 },
    { key: 'area', label: '权限区域', children: u.areaName || '全国' },
    { key: 'valid', label: '有效期', children: u.unavailableTime ? `至 ${formatDateTime(u.unavailableTime)}` : '长期有效' },
    { key: 'front', label: '身份证正面', children: <IdPhoto src={u.idcardUrl} alt="身份证正面" /> },
    { key: 'back', label: '身份证反面', children: <IdPhoto src={u.idcardBackUrl} alt="身份证反面" /> },
    { key: 'creator', label: '创建人', children: u.creatorName || NONE },
    { key: 'created', label: '创建时间', children: formatDateTime(u.createTime) || NONE },
  ];
}

/** 个人信息: the logged-in user's profile, fetched fresh when opened. */
export default function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const stored = useSession((s) => s.user);
  // 打开时重新获取当前用户信息
  const query = useQuery({ queryKey: ['session', 'user'], queryFn: fetchUser, enabled: open });
  const user = query.data ?? stored;
  return (
    <Modal title="个人信息" open={open} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {user ? (
        <Descriptions bordered size="middle" column={2} items={rows(user)} styles={{ label: { width: 120, whiteSpace: 'nowrap' } }} />
      ) : (
        <div style={{ textAlign: 'center', padding: 32 }}>{query.isLoading ? <Spin /> : '暂无用户信息'}</div>
      )}
    </Modal>
  );
}
