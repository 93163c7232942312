import { StaffAreaShell } from '../../components/staff-area-shell';

export function ExpertApp() {
  return <StaffAreaShell titleKey="staff.expertTitle" />;
}
