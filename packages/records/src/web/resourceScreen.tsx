import type { ComponentType } from 'react';
import type { ResourceDef } from '../model/index.js';
import { getResource, registerResources } from './registry.js';
import { ResourcePage, type ResourcePageProps } from './ResourcePage.js';

const made = new WeakMap<ComponentType, string>();

/**
 * The page component of a resource's screen, for a domain's lazy route: the resource is found by
 * name among the definitions the domain's chunk registers (its own, and those it refers to).
 * Domains declare their screens with `declareResources`, which makes these in the page's chunk.
 */
export function resourceScreen(name: string, definitions: readonly ResourceDef[], extra: Omit<ResourcePageProps, 'def'> = {}): ComponentType {
  function ResourceScreen() {
    registerResources(definitions);
    const def = getResource(name);
    return <ResourcePage def={def} {...extra} />;
  }
  ResourceScreen.displayName = `ResourceScreen(${name}${extra.mode ? `, ${extra.mode}` : ''})`;
  made.set(ResourceScreen, name);
  return ResourceScreen;
}

/** The resource of a screen `resourceScreen` made, or undefined for any other component. */
export function engineScreenResource(component: ComponentType): string | undefined {
  return made.get(component);
}
