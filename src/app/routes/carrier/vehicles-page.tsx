import { VehiclesScreen } from '../../features/back-office/components/vehicles-screen';

export function VehiclesPage() {
  return <VehiclesScreen />;
}
