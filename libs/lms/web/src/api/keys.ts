/**
 * The lms web's query keys (issue 31 §1): the only place they are written. Every key starts with `lmsKeys.all`, so
 * invalidating it refreshes everything the domain shows.
 */
export const lmsKeys = {
  all: ['lms'] as const,
  /** GET api/course with its filter. */
  courses: (f: { search?: string; status?: string }) => [...lmsKeys.all, 'courses', f] as const,
  /** GET api/course/{id}. */
  course: (id: string) => [...lmsKeys.all, 'course', id] as const,
  /** GET api/lesson?course_id. */
  lessons: (courseId: string) => [...lmsKeys.all, 'lessons', courseId] as const,
  /** GET api/lesson/{id}. */
  lesson: (id: string) => [...lmsKeys.all, 'lesson', id] as const,
  /** GET api/test?course_id. */
  tests: (courseId: string) => [...lmsKeys.all, 'tests', courseId] as const,
  /** GET api/test/{id}. */
  test: (id: string) => [...lmsKeys.all, 'test', id] as const,
  /** GET api/course_progress/progress/{course_id}/{user_id}. */
  progress: (courseId: string, userId: string) => [...lmsKeys.all, 'progress', courseId, userId] as const,
  /** GET api/courses/{id}/members. */
  members: (courseId: string) => [...lmsKeys.all, 'members', courseId] as const,
  /** GET api/courses/analytics/{client_id}?user_id. */
  analytics: (clientId: string, userId?: string) => [...lmsKeys.all, 'analytics', clientId, userId ?? null] as const,
  /** GET api/clients/{client_id}/settings/admins/lms. */
  admins: (clientId: string) => [...lmsKeys.all, 'admins', clientId] as const,
  /** GET api/idp. */
  idps: () => [...lmsKeys.all, 'idps'] as const,
  /** GET api/idp/{id}. */
  idp: (id: string) => [...lmsKeys.all, 'idps', id] as const,
};
