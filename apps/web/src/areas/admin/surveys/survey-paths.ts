export const SURVEYS_PATH = '/admin/surveys';
export const surveyEditPath = (id?: string) => `/admin/surveys/edit${id ? `?id=${encodeURIComponent(id)}` : ''}`;
