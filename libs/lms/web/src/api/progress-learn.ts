import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { call } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** PUT api/course_progress/learn: a lesson learned (in order; 400 lmsLessonOrder otherwise). */
export const learnLesson = (courseId: string, lessonId: string) =>
  call(lmsRoutes.progressLearn, { body: { course_id: courseId, lesson_id: lessonId }, silent: true });
export function useLearnLesson(courseId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (lessonId: string) => learnLesson(courseId, lessonId), onSuccess: () => qc.invalidateQueries({ queryKey: lmsKeys.all }) });
}
