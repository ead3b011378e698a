import { Typography } from 'antd';
import { useParams } from 'react-router';
import ScreenFrame from '../../../components/ScreenFrame';

/** 考核详情 at rate/grade/:id?/:data? — shows which record the URL points to. */
export default function RateGrade() {
  const { id, data } = useParams();
  return (
    <ScreenFrame screen="rateGrade">
      {(id || data) && (
        <Typography.Text>
          考核对象：{id ?? '未指定'}
          {data ? `，考核周期：${data}` : ''}
        </Typography.Text>
      )}
    </ScreenFrame>
  );
}
