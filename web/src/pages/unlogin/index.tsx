import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** 401: not logged in or the login has expired. */
export default function Unlogin() {
  return (
    <Result
      status="403"
      title="401"
      subTitle="您尚未登录或登录已过期，请重新登录。"
      extra={
        <Link to="/login">
          <Button type="primary">去登录</Button>
        </Link>
      }
    />
  );
}
