import ScreenFrame from '../../../components/ScreenFrame';

/** 租还信息: a titled frame until the screen is built. */
export default function RequestSync() {
  return <ScreenFrame screen="requestSync" />;
}
