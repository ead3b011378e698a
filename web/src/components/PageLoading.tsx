import { Spin } from 'antd';

/** Full-page spinner while the first screen and its data load. */
export default function PageLoading() {
  return (
    <div className="page-loading">
      <Spin size="large" />
      <span>加载中…</span>
    </div>
  );
}
