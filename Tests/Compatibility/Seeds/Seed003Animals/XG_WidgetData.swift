// swift-format-ignore-file
// seed: 003_9be05387dac437ed.txt lines 45-94
//
//  XG_WidgetData.swift
//  XG_SwiftUI_3Day
//
//  Created by chaowen deng on 2021/4/16.
//

import Foundation
import SwiftUI


struct AnimalModel {
    let id: String
    let name: String
    let avatar: String
    var color: Color = .white
    
    static let panda = AnimalModel(id: "panda", name: "panda", avatar: "🐼")
    static let lion = AnimalModel(id: "lion", name: "lion", avatar: "🦁️")
    static let tiger = AnimalModel(id: "tiger", name: "tiger", avatar: "🐯")
    
    static let zoo = [panda, lion, tiger]
    
    static func animal(_ id: String, color: Choose) -> AnimalModel {
        var animal: AnimalModel
        
        switch id {
        case "panda":
            animal = .panda
        case "lion":
            animal = .lion
        case "tiger":
            animal = .tiger
        default:
            animal = AnimalModel(id: "cat", name: "cat", avatar: "🐱")
        }
        
        switch color {
        case .a:
            animal.color = .black
        case .b:
            animal.color = .blue
        case .c:
            animal.color = .red
        case .unknown:
            animal.color = .black
        }
        return animal
    }
}
