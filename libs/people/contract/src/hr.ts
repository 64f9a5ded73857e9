import { GUARDED_KINDS } from '@intranet/files-contract';
import { access, defineRoute, defineSubject, Id, requiredString, V, z, type RouteDef, type SubjectDef } from '@intranet/platform-contracts';

/** §3 User HR files texts (server and web say the same). */
export const HR_FILE_TEXT = {
  notFound: 'The file was not found or was deleted',
  taken: 'This file is already attached',
  deleteFailed: 'Error on deleting file',
} as const;

/**
 * An uploaded file handed over after POST api/upload?kind=hr (the key must be the caller's client's, kind hr, so
 * downloads stay guarded); the size is read from storage, not taken from the caller.
 */
export const hrFileRef = z.object({
  key: requiredString().max(400),
  fileName: requiredString().max(255, V.max(255)),
  mimetype: z.string().trim().max(150).default('application/octet-stream'),
});

/** §3 User "HR data and files": one file (_id, filename, filetype, path) plus size, date and a short-lived signed URL. */
export const hrFileSchema = z.object({
  _id: z.string(),
  user_id: z.string(),
  filename: z.string(),
  filetype: z.string(),
  path: z.string(),
  size: z.number(),
  url: z.string(),
  created: z.string(),
});
export type HrFile = z.infer<typeof hrFileSchema>;

/**
 * HR files of an employee (§3 User HR data and files, §7 DELETE api/user/{userId}/file/{fileId}). §6: the employee
 * reads their own, administrators (and the superadmin) read, attach and delete anyone's of their client; the files
 * are a guarded upload kind, downloaded only by those same readers.
 */
export const hrFileRoutes = {
  userFiles: defineRoute({
    method: 'GET',
    path: '/api/user/{userId}/files',
    subject: 'people.user.files',
    summary: "An employee's HR files, newest first (the employee or an administrator)",
    spec: '§3 User HR data and files, §6',
    access: access.authenticated,
    params: z.object({ userId: Id }),
    result: z.array(hrFileSchema),
  }),
  userFilesAdd: defineRoute({
    method: 'POST',
    path: '/api/user/{userId}/files',
    subject: 'people.user.filesAdd',
    summary: 'Attach files uploaded with POST api/upload?kind=hr to an employee (administrators)',
    spec: '§3 User HR data and files, §6',
    access: access.admin,
    params: z.object({ userId: Id }),
    body: z.object({ files: z.array(hrFileRef).min(1, V.required).max(20) }),
    result: z.array(hrFileSchema),
  }),
  userFileDelete: defineRoute({
    method: 'DELETE',
    path: '/api/user/{userId}/file/{fileId}',
    subject: 'people.user.fileDelete',
    summary: "Delete one of an employee's HR files and its stored object (administrators); the storage is given back",
    spec: '§7 Users (file delete), §8 "Error on deleting file"',
    access: access.admin,
    params: z.object({ userId: Id, fileId: Id }),
    result: z.object({ _id: z.string() }),
  }),
} satisfies Record<string, RouteDef>;

/** Bus-only: the gateway asks on every download of an `hr` key whether the requester may read it now. */
export const hrFileSubjects = {
  fileAccess: defineSubject(GUARDED_KINDS.hr!, z.object({ key: z.string() }), z.object({ known: z.boolean(), allowed: z.boolean() })),
} satisfies Record<string, SubjectDef>;

/** The employee fields an export writes, in order (§7 Users export): the address book's columns, then the HR fields. */
export const EMPLOYEE_EXPORT_FIELDS = [
  'lastName',
  'firstName',
  'middleName',
  'email',
  'phone',
  'internalPhone',
  'position',
  'department',
  'cabinet',
  'city',
  'birthDate',
  'workingSince',
  'inn',
  'kpp',
  'organisation',
  'chiefCode',
  'vacationDays',
  'status',
] as const;
export type EmployeeExportField = (typeof EMPLOYEE_EXPORT_FIELDS)[number];

/** The §3 User HR fields the "company data" tab shows (administrators see them all, §2 employee administration). */
export const HR_FIELDS = ['position', 'department', 'workingSince', 'inn', 'kpp', 'organisation', 'chiefCode', 'vacationDays'] as const;

/**
 * How each employee field is labelled, per language (ru, uk, en): the "company data" tab (web i18n `hrData.fields`)
 * and the Excel export's column headers (POST api/user/export/{id}, export/all/{id}) say the same thing.
 */
export const HR_FIELD_LABELS = {
  en: {
    lastName: 'Last name',
    firstName: 'First name',
    middleName: 'Middle name',
    email: 'E-mail',
    phone: 'Phone',
    internalPhone: 'Internal phone',
    position: 'Position',
    department: 'Department',
    cabinet: 'Office',
    city: 'City',
    birthDate: 'Birth date',
    workingSince: 'Working since',
    inn: 'Tax id',
    kpp: 'KPP',
    organisation: 'Organisation',
    chiefCode: 'Chief code',
    vacationDays: 'Vacation days left',
    status: 'Status',
  },
  ru: {
    lastName: 'Фамилия',
    firstName: 'Имя',
    middleName: 'Отчество',
    email: 'E-mail',
    phone: 'Телефон',
    internalPhone: 'Внутренний телефон',
    position: 'Должность',
    department: 'Подразделение',
    cabinet: 'Кабинет',
    city: 'Город',
    birthDate: 'Дата рождения',
    workingSince: 'Работает с',
    inn: 'ИНН',
    kpp: 'КПП',
    organisation: 'Организация',
    chiefCode: 'Код руководителя',
    vacationDays: 'Остаток дней отпуска',
    status: 'Статус',
  },
  uk: {
    lastName: 'Прізвище',
    firstName: "Ім'я",
    middleName: 'По батькові',
    email: 'E-mail',
    phone: 'Телефон',
    internalPhone: 'Внутрішній телефон',
    position: 'Посада',
    department: 'Підрозділ',
    cabinet: 'Кабінет',
    city: 'Місто',
    birthDate: 'Дата народження',
    workingSince: 'Працює з',
    inn: 'ІПН',
    kpp: 'КПП',
    organisation: 'Організація',
    chiefCode: 'Код керівника',
    vacationDays: 'Залишок днів відпустки',
    status: 'Статус',
  },
} as const satisfies Record<'en' | 'ru' | 'uk', Record<EmployeeExportField, string>>;
