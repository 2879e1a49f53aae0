//
//  IntentHandler.swift
//  XG_IntentHandler
//
//  Created by chaowen deng on 2021/4/16.
//
// Seed 003's intent handler, unchanged but for formatting. On iOS it is the principal class of
// an Intents extension; here the SDK finds it by its name, `IntentHandler`, in the bundle's
// module. `MyCustomIntentsIntentHandling` and `Animal` are generated from
// Intents.intentdefinition.

import Intents

class IntentHandler: INExtension, MyCustomIntentsIntentHandling {

  func provideAnimalOptionsCollection(
    for intent: MyCustomIntentsIntent,
    with completion: @escaping (INObjectCollection<Animal>?, Error?) -> Void
  ) {

    let animalArr: [Animal] = AnimalModel.zoo.map { model in
      Animal(identifier: model.id, display: model.name)
    }
    completion(INObjectCollection(items: animalArr), nil)
  }

  override func handler(for intent: INIntent) -> Any {

    return self
  }

}
