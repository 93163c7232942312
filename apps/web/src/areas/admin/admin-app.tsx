import { StaffAreaShell } from '../../components/staff-area-shell';

export function AdminApp() {
  return <StaffAreaShell titleKey="staff.adminTitle" />;
}
