import ScreenFrame from '../../../components/ScreenFrame';

/** 车辆同步: a titled frame until the screen is built. */
export default function BikeSync() {
  return <ScreenFrame screen="bikeSync" />;
}
