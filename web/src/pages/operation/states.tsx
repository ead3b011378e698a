/** Loading and failure states of a view's chart (the server's message on failure, 重试). */
import { Button, Result, Skeleton } from 'antd';
import { RequestError } from '../../app/request';

export function QueryPending() {
  return (
    <div aria-busy="true" data-testid="chart-skeleton">
      <Skeleton active paragraph={{ rows: 6 }} title={false} />
    </div>
  );
}

export function QueryFailed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Result
      status="error"
      title="数据加载失败"
      subTitle={error instanceof RequestError ? error.message : '请稍后再试'}
      extra={
        <Button type="primary" onClick={retry}>
          重试
        </Button>
      }
    />
  );
}
