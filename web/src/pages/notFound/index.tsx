import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** 404: no screen at this address. */
export default function NotFound() {
  return (
    <Result
      status="404"
      title="404"
      subTitle="您访问的页面不存在，请检查地址是否正确。"
      extra={
        <Link to="/index">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
