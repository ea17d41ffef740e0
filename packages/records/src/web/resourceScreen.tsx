import type { ComponentType } from 'react';
import type { ResourceDef } from '../model/index.js';
import { webRegistry } from './registry.js';
import { ResourcePage, type ResourcePageProps } from './ResourcePage.js';

/**
 * The page component of a resource's screen, for a domain's lazy route: the resource is found by
 * name in the app's registry (`fallback` lists the definitions when the package runs alone).
 */
export function resourceScreen(name: string, fallback: readonly ResourceDef[], extra: Omit<ResourcePageProps, 'def'> = {}): ComponentType {
  function ResourceScreen() {
    const def = webRegistry(fallback).get(name);
    return <ResourcePage def={def} {...extra} />;
  }
  ResourceScreen.displayName = `ResourceScreen(${name})`;
  return ResourceScreen;
}
