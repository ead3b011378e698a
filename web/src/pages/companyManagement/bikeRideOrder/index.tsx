import ScreenFrame from '../../../components/ScreenFrame';

/** 骑行订单: a titled frame until the screen is built. */
export default function BikeRideOrder() {
  return <ScreenFrame screen="bikeRideOrder" />;
}
