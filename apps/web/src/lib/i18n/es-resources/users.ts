const permissionFields = { formId: 'Formulario', permissionId: 'Nivel' };
const profileFields = { fullName: 'Nombre completo', emailAddress: 'Correo electrónico' };
const passwordHint = 'La fija una contraseña temporal; se borra cuando el usuario elige una nueva';

export const usersEs = {
  singular: 'Usuario',
  plural: 'Usuarios',
  fields: {
    username: 'Usuario',
    employeeId: 'Empleado',
    isSysadmin: 'Administrador del sistema',
    adminOnly: 'Solo administración',
    mustChangePassword: 'Debe cambiar la contraseña',
    inactiveFlag: 'Inactivo',
    groupId: 'Grupo',
    ...permissionFields,
    ...profileFields,
  },
  hints: {
    isSysadmin: 'Abre todas las pantallas de administración',
    adminOnly: 'Entra a las pantallas de administración, no al tablero',
    mustChangePassword: passwordHint,
  },
  sections: {
    main: 'General',
    groups: 'Grupos',
    permissions: 'Permisos por formulario',
    sessions: 'Sesiones',
  },
  children: { profile: 'Perfil', groups: 'Grupos', permissions: 'Permisos por formulario' },
};

export const groupsEs = {
  singular: 'Grupo',
  plural: 'Grupos',
  fields: { groupName: 'Nombre', description: 'Descripción', ...permissionFields },
  sections: { main: 'General', permissions: 'Permisos por formulario' },
  children: { permissions: 'Permisos por formulario' },
};

export const externalUsersEs = {
  singular: 'Usuario externo',
  plural: 'Usuarios externos',
  fields: {
    username: 'Usuario',
    customerId: 'Cliente',
    mustChangePassword: 'Debe cambiar la contraseña',
    inactiveFlag: 'Inactivo',
    jobId: 'Obra',
    ...profileFields,
  },
  hints: { mustChangePassword: passwordHint },
  sections: { main: 'General', jobs: 'Obras' },
  children: { profile: 'Perfil', jobs: 'Obras (ninguna: todas las obras del cliente)' },
};
