import { Button, Result } from 'antd';

/** Shown when a screen's script could not be loaded (failed, or over 120 s). */
export default function ChunkLoadFailed({ message }: { message: string }) {
  return (
    <Result
      status="warning"
      title="页面加载失败"
      subTitle={`${message}。可能是网络不稳定或系统刚刚更新，请点击“重新加载”。`}
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>,
        <Button key="home" href="#/index">
          返回首页
        </Button>,
      ]}
    />
  );
}
