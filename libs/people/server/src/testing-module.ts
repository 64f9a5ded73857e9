import { Module, type INestApplicationContext, type Provider } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

/**
 * A Nest application context of `providers` for unit specs: the services under test with their repositories and
 * ports replaced by `{ provide, useValue }` fakes — what @nestjs/testing's Test.createTestingModule(...).compile()
 * builds (that package is not installed in this repository). Close it after the spec.
 */
export async function testingModule(providers: Provider[]): Promise<INestApplicationContext> {
  @Module({ providers })
  class UnitSpecModule {}
  return NestFactory.createApplicationContext(UnitSpecModule, { logger: false, abortOnError: false });
}
