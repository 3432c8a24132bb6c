// Vitest globalSetup of the node-pg project: one throwaway PostgreSQL cluster for the run, with
// a template database migrated once; each test copies it (test-store.ts). Removed at the end.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openStore } from '../store/db';
import { startPgCluster, TEMPLATE_DATABASE } from './pg-cluster';

export default async function setup(project: TestProject) {
  const cluster = await startPgCluster();
  try {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query(`create database ${TEMPLATE_DATABASE}`);
    await client.end();
    const template = await openStore('', { databaseUrl: cluster.urlOf(TEMPLATE_DATABASE) });
    await template.close();
  } catch (e) {
    await cluster.stop();
    throw e;
  }
  project.provide('pgUrl', cluster.url);
  project.provide('pgTemplate', TEMPLATE_DATABASE);
  return () => cluster.stop();
}
