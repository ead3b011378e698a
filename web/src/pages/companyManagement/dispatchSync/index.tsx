import ScreenFrame from '../../../components/ScreenFrame';

/** 调度同步: a titled frame until the screen is built. */
export default function DispatchSync() {
  return <ScreenFrame screen="dispatchSync" />;
}
