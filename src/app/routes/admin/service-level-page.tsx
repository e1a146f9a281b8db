import { ServiceLevelScreen } from '../../features/back-office/components/service-level-screen';

export function ServiceLevelPage() {
  return <ServiceLevelScreen />;
}
