import FilterPresetBar from '../../components/FilterPresetBar';
import ScreenFrame from '../../components/ScreenFrame';

/** 站点管理: a titled frame until the screen is built, with the filter preset a link passed (home to-do list). */
export default function DeviceManagement() {
  return (
    <ScreenFrame screen="deviceManagement">
      <FilterPresetBar />
    </ScreenFrame>
  );
}
