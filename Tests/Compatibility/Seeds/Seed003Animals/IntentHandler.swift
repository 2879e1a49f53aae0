// swift-format-ignore-file
// seed: 003_9be05387dac437ed.txt lines 98-123
//
//  IntentHandler.swift
//  XG_IntentHandler
//
//  Created by chaowen deng on 2021/4/16.
//

import Intents

class IntentHandler: INExtension, MyCustomIntentsIntentHandling {
    
    func provideAnimalOptionsCollection(for intent: MyCustomIntentsIntent, with completion: @escaping (INObjectCollection<Animal>?, Error?) -> Void) {
        
        let animalArr: [Animal] = AnimalModel.zoo.map { model in
            Animal(identifier: model.id, display: model.name)
        }
        completion(INObjectCollection(items: animalArr), nil)
    }
    
    
    override func handler(for intent: INIntent) -> Any {
        
        return self
    }
    
}
