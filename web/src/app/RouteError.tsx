import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import ChunkLoadFailed from './ChunkLoadFailed';
import { isChunkLoadError } from './lazyScreen';

/** Error screen of a route: chunk load failures and unexpected errors, each with 重新加载. */
export default function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkLoadFailed message={(error as Error).message} />;
  return (
    <Result
      status="error"
      title="页面出错了"
      subTitle="页面运行时出现错误，请重新加载；如果问题仍然存在，请联系管理员。"
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
