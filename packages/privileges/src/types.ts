/** One privilege: an action on an entity, optionally narrowed to one field. */
export type Privilege = {
  entityName: string;
  fieldName?: string | null;
  action: string;
};

/** The actions the role editor offers; the spec shows read, create and update. */
export const ACTIONS = ['read', 'create', 'update', 'delete', 'approve', 'export'] as const;
export type Action = (typeof ACTIONS)[number];
/** The actions of an entity without a workflow of its own (a setup, a list of names): no approve. */
export const CRUD_ACTIONS: readonly Action[] = ['read', 'create', 'update', 'delete', 'export'];

/** A compiled, case-insensitive view of a privilege list. */
export type PrivilegeChecker = {
  readonly privileges: readonly Privilege[];
  /** Entity-level check: an entity-level privilege (no field) with this action. */
  can(entity: string, action: string): boolean;
  /** Field-level check: this entity, field and action; createdOn/modifiedOn are always readable. */
  canField(entity: string, field: string, action: string): boolean;
  /** True when any of the entities allows the action. */
  canAny(entities: readonly string[], action: string): boolean;
};
