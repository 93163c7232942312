import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZReminders, type RemindersSave } from '@prsp/contracts';
import { api } from '@/lib/api-client';
import { patientKeys } from './patient-api';

// Under the patient's key: saving contact details or acting for someone refreshes where reminders go.
const remindersKey = [...patientKeys.all, 'reminders'] as const;

/** Which appointment reminders the patient will get, and their own choice of them (issue 29). */
export function useReminders() {
  return useQuery({ queryKey: remindersKey, queryFn: () => api('/api/patient/reminders', ZReminders) });
}

/** Turns e-mail and SMS reminders on or off; the answer is what will come now. */
export function useSaveReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RemindersSave) => api('/api/patient/reminders', ZReminders, { method: 'POST', body }),
    onSuccess: (data) => queryClient.setQueryData(remindersKey, data),
  });
}
